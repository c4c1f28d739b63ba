package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/sandbox"
	"github.com/hearth-agent/hearth/agent/tool"
)

const (
	shellDefaultTimeout = 2 * time.Minute
	shellMaxTimeout     = 10 * time.Minute
	// shellKillGrace is how long the process group may take to die after
	// the kill, and how long its pipes may stay open after the shell exits.
	shellKillGrace = 500 * time.Millisecond
)

// ErrTimeout reports a command killed for running too long.
var ErrTimeout = errors.New("command timed out")

// ShellParams are shell's arguments.
type ShellParams struct {
	Command        string `json:"command"`
	TimeoutSeconds int    `json:"timeout_seconds,omitempty"`
	// Background starts the command and returns at once (see runBackground).
	Background bool `json:"background,omitempty"`
}

// Shell runs a command line in the workspace.
type Shell struct{ s *session }

var _ tool.Tool = (*Shell)(nil)

const shellDescription = `Run a command line non-interactively in the workspace root (bash; PowerShell on Windows) and get its exit code and output. Prefer the file tools to cat, ls, find and grep. With background: true (dev servers, watchers; no &) it returns a process id and the first output at once.`

const shellSchema = `{"type":"object","properties":{"command":{"type":"string"},"timeout_seconds":{"type":"integer"},"background":{"type":"boolean"}},"required":["command"]}`

// Definition implements tool.Tool.
func (t *Shell) Definition() tool.Definition {
	return definition("shell", shellDescription, shellSchema)
}

// Run implements tool.Tool.
func (t *Shell) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var p ShellParams
	if err := decode("shell", args, &p); err != nil {
		return "", err
	}
	if strings.TrimSpace(p.Command) == "" {
		return "", fmt.Errorf("shell: command is required")
	}
	timeout := shellDefaultTimeout
	if p.TimeoutSeconds != 0 {
		timeout = time.Duration(p.TimeoutSeconds) * time.Second
		if timeout < 0 || timeout > shellMaxTimeout {
			return "", fmt.Errorf("shell: timeout_seconds must be between 1 and %d", int(shellMaxTimeout/time.Second))
		}
	}
	req := permission.Request{Tool: "shell", Kind: permission.KindShell, Command: p.Command}
	clearance, mis := permission.Clearance{}, false
	if misjudged != nil {
		clearance, mis = misjudged(p.Command)
	}
	if !mis {
		var err error
		if clearance, err = t.s.gate.CheckShell(ctx, req); err != nil {
			return "", err
		}
	}
	if p.Background {
		return t.s.runBackground(ctx, p.Command, clearance)
	}
	snap, ok := t.s.snapshot.(ShellSnapshotter)
	if !ok {
		return t.s.runCommand(ctx, p.Command, timeout, clearance)
	}
	done, err := snap.BeforeShell(ctx)
	if err != nil {
		return "", fmt.Errorf("shell: snapshot before running: %w", err)
	}
	out, runErr := t.s.runCommand(ctx, p.Command, timeout, clearance)
	// The command may have changed files even when it failed or was killed.
	changed, err := done(context.WithoutCancel(ctx))
	if err != nil {
		return out, errors.Join(runErr, fmt.Errorf("shell: snapshot after running: %w", err))
	}
	t.s.notifyChanged(context.WithoutCancel(ctx), changed)
	if _, exited := tool.ExitCode(runErr); (runErr == nil || exited) && len(changed) > 0 {
		out += "\n[files changed: " + listSome(changed, 20) + "]"
	}
	return out, runErr
}

// runCommand runs line with the platform shell as a direct child in its own
// process group; everything it starts, detached or not, dies on timeout,
// cancel, or once the shell exits. A non-zero exit returns the output with a
// tool.ExitError.
func (s *session) runCommand(ctx context.Context, line string, timeout time.Duration, c permission.Clearance) (string, error) {
	if s.terminal != nil && !c.ReadOnly && !s.containApproved {
		return s.runInTerminal(ctx, line, timeout)
	}
	runCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	out := newCappedOutput(func(chunk string) { tool.Progress(ctx, chunk) })
	cmd := shellCommand(runCtx, line)
	cmd.Dir = s.root.Dir()
	cmd.Env = s.env
	cmd.Stdout = out
	cmd.Stderr = out
	cmd.WaitDelay = shellKillGrace
	setProcessGroup(cmd)
	tree := sandbox.Track(cmd)
	cmd.Cancel = func() error { tree.Kill(); return nil }
	policy, cleanup, err := s.contain(cmd, c)
	if err != nil {
		_ = tree.End()
		return "", err
	}
	defer cleanup()
	start := time.Now()
	if err := tree.Start(policy); err != nil {
		_ = tree.End()
		return "", fmt.Errorf("shell: start: %w", err)
	}
	err = cmd.Wait()
	// Nothing the command started may outlive the call: a late write would
	// land after the undo snapshot.
	if endErr := tree.End(); endErr != nil {
		return "", fmt.Errorf("shell: %w", endErr)
	}
	elapsed := time.Since(start).Round(time.Millisecond)
	body := out.String()
	switch {
	case ctx.Err() != nil:
		return "", fmt.Errorf("shell: cancelled after %s; the command and its children were killed: %w", elapsed, ctx.Err())
	case runCtx.Err() != nil:
		return "", fmt.Errorf("%w after %s; the command and its children were killed (it has no input: if it waited for a prompt, editor or pager, pass flags such as --yes or --no-pager; a longer timeout_seconds goes up to %d)\n%s",
			ErrTimeout, timeout, int(shellMaxTimeout/time.Second), body)
	}
	code := 0
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		code = exitErr.ExitCode()
	} else if err != nil && !errors.Is(err, exec.ErrWaitDelay) {
		return "", fmt.Errorf("shell: %w", err)
	}
	text := fmt.Sprintf(exitFormat, code, elapsed, body)
	if code != 0 {
		return text, &tool.ExitError{Code: code}
	}
	return text, nil
}

// exitFormat begins every command's output with its exit code.
const exitFormat = "exit code: %d (%s)\n%s"

// exitLine reads exitFormat's first line back.
var exitLine = regexp.MustCompile(`^exit code: (\d+) `)

// ExitCodeOf reads a command's exit code back from its stored output; ok
// is false for output that does not begin with one.
func ExitCodeOf(output string) (code int, ok bool) {
	m := exitLine.FindStringSubmatch(output)
	if m == nil {
		return 0, false
	}
	code, err := strconv.Atoi(m[1])
	return code, err == nil
}

// listSome joins at most n names and counts the rest.
func listSome(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}
