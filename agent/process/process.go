// Package process keeps the background processes of one conversation (a dev
// server the agent started with shell's background flag): it starts each
// in its own process group under agent/sandbox's tracking, keeps the tail
// of its output, notices the ports it listens on, and stops the whole tree
// (SIGTERM, then SIGKILL after a grace period). A Table belongs to its
// conversation: Close ends every process it started, and on Linux a
// process tree also ends when Hearth dies, even by SIGKILL.
package process

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/sandbox"
)

// ErrLimit is a start refused because the table's limit is running.
var ErrLimit = errors.New("too many background processes are running")

// ErrClosed is a start refused because the table's owner has closed it.
var ErrClosed = errors.New("background processes have ended with their conversation")

// UnknownError names a process id the table does not hold.
type UnknownError struct{ ID string }

func (e *UnknownError) Error() string { return "no background process " + strconv.Quote(e.ID) }

// Clock is the time a table waits by; tests pass one they advance.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Defaults for Options left zero.
const (
	DefaultMax         = 4
	DefaultFirstOutput = 3 * time.Second
	DefaultGrace       = 2 * time.Second
	DefaultPoll        = time.Second
	DefaultKeep        = 256 << 10
	// kept is how many ended processes stay listed, for their output.
	kept = 8
)

// Options configure a Table; zero fields take the defaults.
type Options struct {
	// Max is how many may run at once, asked at each start (a setting).
	Max func() int
	// FirstOutput bounds how long Start waits for the first output.
	FirstOutput time.Duration
	// Grace is how long Stop waits after SIGTERM before SIGKILL.
	Grace time.Duration
	// Poll is how often the ports a process listens on are looked at.
	Poll  time.Duration
	Clock Clock
	// OnChange is told, without the table's lock, that a process started,
	// ended or began listening, so a front-end can show the list again.
	OnChange func()
}

// Table is one conversation's background processes. Its methods are safe
// for concurrent use.
type Table struct {
	opts Options

	mu     sync.Mutex
	seq    int
	procs  []*proc
	news   []string
	closed bool
}

// NewTable returns an empty table.
func NewTable(o Options) *Table {
	if o.Max == nil {
		o.Max = func() int { return DefaultMax }
	}
	if o.FirstOutput <= 0 {
		o.FirstOutput = DefaultFirstOutput
	}
	if o.Grace <= 0 {
		o.Grace = DefaultGrace
	}
	if o.Poll <= 0 {
		o.Poll = DefaultPoll
	}
	if o.Clock == nil {
		o.Clock = realClock{}
	}
	return &Table{opts: o}
}

// Spec is a command ready to start: Cmd has its path, arguments, directory
// and environment; Policy contains it (nil: uncontained); Cleanup runs once
// its whole tree is gone (removing a private temp dir).
type Spec struct {
	Command string
	Cmd     *exec.Cmd
	Policy  *sandbox.Policy
	Cleanup func()
}

// Info describes one process for the model and the person.
type Info struct {
	ID       string    `json:"id"`
	Command  string    `json:"command"`
	PID      int       `json:"pid"`
	Started  time.Time `json:"started"`
	Ended    time.Time `json:"ended,omitzero"`
	Status   string    `json:"status"` // running, exited, stopped
	ExitCode int       `json:"exitCode"`
	Ports    []string  `json:"ports"`
}

// Started is what Start reports: the process and its first output.
type Started struct {
	Info
	Output string
}

// Start starts spec in the background and returns once it has written
// something, ended, or FirstOutput passed.
func (t *Table) Start(ctx context.Context, spec Spec) (Started, error) {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return Started{}, ErrClosed
	}
	if max := t.opts.Max(); max > 0 && t.runningLocked() >= max {
		t.mu.Unlock()
		return Started{}, fmt.Errorf("%w (%d; stop one with process_stop first)", ErrLimit, max)
	}
	t.seq++
	p := &proc{id: "p" + strconv.Itoa(t.seq), command: spec.Command, out: newOutput(DefaultKeep), done: make(chan struct{})}
	cmd := spec.Cmd
	cmd.Stdout, cmd.Stderr, cmd.Stdin = p.out, p.out, nil
	setGroup(cmd)
	p.tree = sandbox.TrackBackground(cmd)
	p.cmd = cmd
	if err := p.tree.Start(spec.Policy); err != nil {
		_ = p.tree.End()
		t.mu.Unlock()
		if spec.Cleanup != nil {
			spec.Cleanup()
		}
		return Started{}, fmt.Errorf("process: start: %w", err)
	}
	p.started = t.opts.Clock.Now()
	t.procs = append(t.procs, p)
	t.pruneLocked()
	t.mu.Unlock()
	go t.wait(p, spec.Cleanup)
	go t.watchPorts(p)
	t.changed()
	select {
	case <-p.out.first:
	case <-p.done:
	case <-t.opts.Clock.After(t.opts.FirstOutput):
	case <-ctx.Done():
	}
	t.scanPorts(ctx, p)
	return Started{Info: p.info(), Output: p.out.next(readMax)}, nil
}

// wait reaps p, ends what is left of its tree and records how it ended.
func (t *Table) wait(p *proc, cleanup func()) {
	err := p.cmd.Wait()
	_ = p.tree.End()
	if cleanup != nil {
		cleanup()
	}
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	}
	p.mu.Lock()
	p.ended, p.code = t.opts.Clock.Now(), code
	stopped := p.stopping
	p.ports = nil
	p.mu.Unlock()
	close(p.done)
	if !stopped {
		t.addNews(fmt.Sprintf("background process %s (%s) exited with code %d", p.id, short(p.command), code))
	}
	t.changed()
}

// short is a command on one line, cut to a length fit for a notice.
func short(command string) string {
	line, _, more := strings.Cut(strings.TrimSpace(command), "\n")
	if r := []rune(line); len(r) > 60 {
		line, more = string(r[:60]), true
	}
	if more {
		line += "…"
	}
	return line
}

// List returns the processes, oldest first.
func (t *Table) List() []Info {
	t.mu.Lock()
	procs := slices.Clone(t.procs)
	t.mu.Unlock()
	out := make([]Info, 0, len(procs))
	for _, p := range procs {
		out = append(out, p.info())
	}
	return out
}

// News returns, once, what happened since the last call that the model has
// not been told (a port opened, a process exited).
func (t *Table) News() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := t.news
	t.news = nil
	return n
}

func (t *Table) addNews(s string) {
	t.mu.Lock()
	t.news = append(t.news, s)
	t.mu.Unlock()
}

func (t *Table) changed() {
	if t.opts.OnChange != nil {
		t.opts.OnChange()
	}
}

func (t *Table) get(id string) (*proc, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, p := range t.procs {
		if p.id == id {
			return p, nil
		}
	}
	return nil, &UnknownError{ID: id}
}

func (t *Table) runningLocked() int {
	n := 0
	for _, p := range t.procs {
		if !p.isDone() {
			n++
		}
	}
	return n
}

// pruneLocked forgets the oldest ended processes beyond kept.
func (t *Table) pruneLocked() {
	ended := len(t.procs) - t.runningLocked()
	for i := 0; ended > kept && i < len(t.procs); {
		if t.procs[i].isDone() {
			t.procs = slices.Delete(t.procs, i, i+1)
			ended--
			continue
		}
		i++
	}
}

// readMax bounds what one read returns to the model.
const readMax = 16 << 10

// Read is what Output returns: the output and the process as it is now.
type Read struct {
	Info
	Output string
}

// Output returns what process id wrote since the last read (or, with
// tail, its last output, read or not), bounded in size.
func (t *Table) Output(ctx context.Context, id string, tail bool) (Read, error) {
	p, err := t.get(id)
	if err != nil {
		return Read{}, err
	}
	t.scanPorts(ctx, p)
	text := ""
	if tail {
		text = p.out.tail(readMax)
	} else {
		text = p.out.next(readMax)
	}
	return Read{Info: p.info(), Output: text}, nil
}

// proc is one background process.
type proc struct {
	id, command string
	cmd         *exec.Cmd
	tree        *sandbox.Tree
	out         *output
	done        chan struct{}

	mu       sync.Mutex
	started  time.Time
	ended    time.Time
	code     int
	stopping bool
	ports    []string
}

func (p *proc) isDone() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

func (p *proc) info() Info {
	p.mu.Lock()
	defer p.mu.Unlock()
	status := "running"
	switch {
	case !p.isDone():
	case p.stopping:
		status = "stopped"
	default:
		status = "exited"
	}
	return Info{ID: p.id, Command: p.command, PID: p.tree.Pid(), Started: p.started, Ended: p.ended,
		Status: status, ExitCode: p.code, Ports: slices.Clone(p.ports)}
}
