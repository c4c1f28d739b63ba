package tools

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hearth-agent/hearth/agent/tool"
)

// Terminal runs a command where the person watches it, an editor's
// terminal (ACP), instead of as Hearth's own child. It is given only
// commands someone approved (a person, a rule or the approval mode): a
// command run unasked because it was judged read-only stays in Hearth's
// sandbox, which an editor's terminal does not have.
type Terminal interface {
	// Run runs argv in dir and waits for it; when ctx ends it kills the
	// command and returns ctx's error.
	Run(ctx context.Context, argv []string, dir string) (TerminalResult, error)
}

// TerminalResult is how a command run in a Terminal ended.
type TerminalResult struct {
	Output string
	// ExitCode is the command's; Signal names the signal that ended it
	// instead ("" when it exited).
	ExitCode int
	Signal   string
}

// runInTerminal is runCommand through the session's Terminal.
func (s *session) runInTerminal(ctx context.Context, line string, timeout time.Duration) (string, error) {
	runCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	res, err := s.terminal.Run(runCtx, shellCommand(context.WithoutCancel(ctx), line).Args, s.root.Dir())
	elapsed := time.Since(start).Round(time.Millisecond)
	switch {
	case ctx.Err() != nil:
		return "", fmt.Errorf("shell: cancelled after %s; the command was killed in the editor's terminal: %w", elapsed, ctx.Err())
	case runCtx.Err() != nil && errors.Is(err, context.DeadlineExceeded):
		return "", fmt.Errorf("%w after %s; the command was killed in the editor's terminal (it has no input: pass flags such as --yes or --no-pager; a longer timeout_seconds goes up to %d)\n%s",
			ErrTimeout, timeout, int(shellMaxTimeout/time.Second), res.Output)
	case err != nil:
		return "", fmt.Errorf("shell: the editor's terminal: %w", err)
	}
	tool.Progress(ctx, res.Output)
	body := res.Output
	if res.Signal != "" {
		body = fmt.Sprintf("[killed by %s]\n%s", res.Signal, body)
		if res.ExitCode == 0 {
			res.ExitCode = -1
		}
	}
	text := fmt.Sprintf(exitFormat, res.ExitCode, elapsed, body)
	if res.ExitCode != 0 {
		return text, &tool.ExitError{Code: res.ExitCode}
	}
	return text, nil
}
