package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
)

// A PDF's text is read in a child process of Hearth's own binary, under a
// deadline and (where the system has them) CPU and memory limits: the PDF
// reader follows a file's own links and inflates its streams, so a hostile
// file can make it loop or fill memory in ways no list of checks foresees.

// ErrTooSlow says a document took longer to read than its time bound.
var ErrTooSlow = errors.New("took too long to read")

// bounds are what reading one PDF may take.
type bounds struct {
	Time   time.Duration // wall clock, enforced by the parent
	Memory int64         // memory the child may fill beyond its start
}

// pdfBounds are the bounds of ExtractText.
var pdfBounds = bounds{Time: 10 * time.Second, Memory: 512 << 20}

// readerArg, as the first argument, makes the binary a PDF reader child.
const readerArg = "-hearth-pdf-reader"

// init runs the reader child before anything else in any binary holding
// this package, Hearth's own or a test binary, so re-executing
// os.Executable() needs nothing from main.
func init() {
	if len(os.Args) == 4 && os.Args[1] == readerArg {
		os.Exit(runReaderChild(os.Args[2], os.Args[3], os.Stdin, os.Stdout))
	}
}

// readerReply is what the child answers on its standard output.
type readerReply struct {
	Text  string `json:"text"`
	Pages int    `json:"pages"`
	Kind  string `json:"kind,omitempty"` // the sentinel of an error, by name
	Err   string `json:"error,omitempty"`
}

// replyKinds name the errors a reply can carry, so the parent's error
// still matches errors.Is.
var replyKinds = map[string]error{"corrupt": ErrCorrupt, "notext": ErrNoText, "toolarge": ErrTooLarge, "pagetree": ErrPageTree}

func runReaderChild(memory, cpu string, in io.Reader, out io.Writer) int {
	mem, err1 := strconv.ParseInt(memory, 10, 64)
	secs, err2 := strconv.ParseUint(cpu, 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		fmt.Fprintln(os.Stderr, "hearth pdf reader:", err)
		return 2
	}
	limitSelf(mem, secs)
	// A short-lived reader collects only as it nears its limit, well before the hard one.
	debug.SetMemoryLimit(mem / 2)
	debug.SetGCPercent(-1)
	data, err := io.ReadAll(io.LimitReader(in, MaxInputBytes+1))
	if err != nil {
		fmt.Fprintln(os.Stderr, "hearth pdf reader:", err)
		return 2
	}
	var rep readerReply
	rep.Text, rep.Pages, err = extractText(data)
	if err != nil {
		rep.Text, rep.Err = "", err.Error()
		for k, s := range replyKinds {
			if errors.Is(err, s) {
				rep.Kind = k
			}
		}
	}
	if err := json.NewEncoder(out).Encode(rep); err != nil {
		return 2
	}
	return 0
}

// ExtractText returns a PDF's text with a "--- page N ---" line before each
// page, and its page count. Text beyond MaxPDFText is cut and said so. It
// reads in a bounded child process (see ExtractTextContext).
func ExtractText(data []byte, name string) (text string, pages int, err error) {
	return ExtractTextContext(context.Background(), data, name)
}

// ExtractTextContext is ExtractText ended early with ctx. A file that takes
// longer than the time bound fails with ErrTooSlow, one that needs more
// memory than the memory bound with ErrTooLarge; neither hangs or grows
// Hearth itself.
func ExtractTextContext(ctx context.Context, data []byte, name string) (string, int, error) {
	key := sha256.Sum256(data)
	r, ok := readings.get(key)
	if !ok {
		var st *os.ProcessState
		r.rep, st, r.err = readInChild(ctx, data, pdfBounds)
		if st != nil && ctx.Err() == nil { // the child ran and was not stopped
			readings.put(key, r)
		}
	}
	return named(r.rep, r.err, name)
}

// extractBounded is ExtractTextContext within b, never cached; it also
// returns the child's process state, which holds its resource usage.
func extractBounded(ctx context.Context, data []byte, name string, b bounds) (string, int, *os.ProcessState, error) {
	rep, st, err := readInChild(ctx, data, b)
	text, pages, err := named(rep, err, name)
	return text, pages, st, err
}

// named is a child's answer, or the error of reading it, naming the file.
func named(rep readerReply, err error, name string) (string, int, error) {
	if err != nil {
		return "", 0, &readError{msg: name + ": " + err.Error(), err: err}
	}
	if rep.Err != "" {
		return "", rep.Pages, &readError{msg: name + ": " + rep.Err, err: replyKinds[rep.Kind]}
	}
	return rep.Text, rep.Pages, nil
}

// readError is an error message with the sentinel callers branch on.
type readError struct {
	msg string
	err error
}

func (e *readError) Error() string { return e.msg }
func (e *readError) Unwrap() error { return e.err }

// readInChild runs the reader child on data within b and returns its reply
// and its process state.
func readInChild(ctx context.Context, data []byte, b bounds) (readerReply, *os.ProcessState, error) {
	exe, err := os.Executable()
	if err != nil {
		return readerReply{}, nil, fmt.Errorf("starting the PDF reader: %w", err)
	}
	tctx, cancel := context.WithTimeout(ctx, b.Time)
	defer cancel()
	cpu := max(1, int64(2*b.Time/time.Second)) // the deadline decides; CPU time ends an orphan
	cmd := exec.CommandContext(tctx, exe, readerArg, strconv.FormatInt(b.Memory*memoryFactor, 10), strconv.FormatInt(cpu, 10))
	cmd.Env = childEnv()
	cmd.Stdin = bytes.NewReader(data)
	stdout, stderr := &capped{max: 2*MaxPDFText + 1<<20}, &capped{max: 8 << 10}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.SysProcAttr = readerProcAttr()
	cmd.WaitDelay = time.Second
	err = cmd.Run()
	st := cmd.ProcessState
	switch {
	case ctx.Err() != nil:
		return readerReply{}, st, ctx.Err()
	case st == nil:
		return readerReply{}, nil, fmt.Errorf("starting the PDF reader: %w", err)
	case tctx.Err() != nil:
		return readerReply{}, st, &readError{msg: fmt.Sprintf("took longer than %g s to read", b.Time.Seconds()), err: ErrTooSlow}
	case err != nil && outOfMemory(stderr.String(), st, b.Memory):
		return readerReply{}, st, &readError{msg: fmt.Sprintf("needed more than %s of memory to read", HumanSize(int(b.Memory))), err: ErrTooLarge}
	case st != nil && !st.Exited():
		return readerReply{}, st, &readError{msg: fmt.Sprintf("used more than %d s of processor time to read", cpu), err: ErrTooSlow}
	case err != nil:
		return readerReply{}, st, fmt.Errorf("%w: the PDF reader failed: %v %s", ErrCorrupt, err, firstLine(stderr.String()))
	}
	var rep readerReply
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil || stdout.over {
		return readerReply{}, st, fmt.Errorf("%w: the PDF reader's answer is unreadable", ErrCorrupt)
	}
	return rep, st, nil
}

// outOfMemory tells whether a failed child ran out of memory: the Go
// runtime's (or the race detector's) last words say so, or, since a
// runtime denied memory can also fail elsewhere (a thread not created, a
// fault), its peak was at least half of its limit.
func outOfMemory(stderr string, st *os.ProcessState, limit int64) bool {
	for _, words := range []string{"out of memory", "failed to allocate", "pthread_create failed"} {
		if strings.Contains(stderr, words) {
			return true
		}
	}
	peak, ok := peakMemory(st)
	return ok && peak >= limit/2
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// capped keeps the first max bytes written to it and notes any more.
type capped struct {
	bytes.Buffer
	max  int
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.Len(); len(p) > room {
		c.over = true
		c.Buffer.Write(p[:max(0, room)])
		return len(p), nil
	}
	return c.Buffer.Write(p)
}
