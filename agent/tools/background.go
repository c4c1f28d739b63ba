package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/process"
	"github.com/hearth-agent/hearth/agent/tool"
)

// Processes are a conversation's background processes (agent/process).
type Processes = process.Table

// ErrNoBackground is a background command where no process table was
// given (a one-shot run without a conversation).
var ErrNoBackground = errors.New("shell: background commands are not available here; run it without background")

// runBackground starts line in the background, contained as any command
// with clearance c would be, and reports its id and first output.
func (s *session) runBackground(ctx context.Context, line string, c permission.Clearance) (string, error) {
	if s.procs == nil {
		return "", ErrNoBackground
	}
	// Not bound to ctx: the process outlives the call; its table ends it.
	cmd := shellCommand(context.Background(), line)
	cmd.Dir = s.root.Dir()
	cmd.Env = s.env
	policy, cleanup, err := s.contain(cmd, c)
	if err != nil {
		return "", err
	}
	s.snapshotUntilTurnEnd(ctx)
	st, err := s.procs.Start(ctx, process.Spec{Command: line, Cmd: cmd, Policy: policy, Cleanup: cleanup})
	if err != nil {
		return "", fmt.Errorf("shell: %w", err)
	}
	return describe(st.Info, st.Output, "first output"), nil
}

// snapshotUntilTurnEnd records the workspace before a background command
// starts and, when the turn ends, what it changed meanwhile, so Undo of the
// turn covers those files too.
func (s *session) snapshotUntilTurnEnd(ctx context.Context) {
	snap, ok := s.snapshot.(ShellSnapshotter)
	if !ok || s.turnEnd == nil {
		return
	}
	done, err := snap.BeforeShell(ctx)
	if err != nil {
		return // the command still runs; only its undo is lost
	}
	s.turnEnd.add(func(ctx context.Context) {
		if changed, err := done(ctx); err == nil {
			s.notifyChanged(ctx, changed)
		}
	})
}

// TurnEnd is what a turn's tools leave to do when the turn ends: finishing
// the undo snapshots around the background commands it started.
type TurnEnd struct {
	mu  sync.Mutex
	fns []func(context.Context)
}

func (e *TurnEnd) add(f func(context.Context)) {
	e.mu.Lock()
	e.fns = append(e.fns, f)
	e.mu.Unlock()
}

// Run does it, once; call it before the turn's undo snapshot is finished.
func (e *TurnEnd) Run(ctx context.Context) {
	e.mu.Lock()
	fns := e.fns
	e.fns = nil
	e.mu.Unlock()
	for _, f := range fns {
		f(ctx)
	}
}

// describe is what the model reads about a process and its output.
func describe(p process.Info, out, label string) string {
	var b strings.Builder
	switch p.Status {
	case "running":
		fmt.Fprintf(&b, "background process %s is running (pid %d, for %s)", p.ID, p.PID, time.Since(p.Started).Round(time.Second))
	case "stopped":
		fmt.Fprintf(&b, "background process %s was stopped", p.ID)
	default:
		fmt.Fprintf(&b, "background process %s exited with code %d", p.ID, p.ExitCode)
	}
	if len(p.Ports) > 0 {
		fmt.Fprintf(&b, "; listening on %s", strings.Join(p.Ports, ", "))
	}
	b.WriteString("\n")
	if out == "" {
		fmt.Fprintf(&b, "(no %s)\n", label)
	} else {
		fmt.Fprintf(&b, "%s:\n%s", label, out)
		if !strings.HasSuffix(out, "\n") {
			b.WriteString("\n")
		}
	}
	if p.Status == "running" {
		fmt.Fprintf(&b, "Read more with process_output {\"id\":%q}; stop it with process_stop.", p.ID)
	}
	return b.String()
}

// ProcessOutput reads a background process's output.
type ProcessOutput struct{ procs *Processes }

type processOutputParams struct {
	ID   string `json:"id"`
	Tail bool   `json:"tail,omitempty"`
}

const processOutputDescription = `Read a background process's new output (with tail: its last output), its status and the ports it listens on.`

const processOutputSchema = `{"type":"object","properties":{"id":{"type":"string"},"tail":{"type":"boolean"}},"required":["id"]}`

// Definition implements tool.Tool.
func (t *ProcessOutput) Definition() tool.Definition {
	return definition("process_output", processOutputDescription, processOutputSchema)
}

// Run implements tool.Tool.
func (t *ProcessOutput) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var p processOutputParams
	if err := decode("process_output", args, &p); err != nil {
		return "", err
	}
	r, err := t.procs.Output(ctx, p.ID, p.Tail)
	if err != nil {
		return "", t.unknown("process_output", err)
	}
	label := "new output"
	if p.Tail {
		label = "last output"
	}
	return describe(r.Info, r.Output, label), nil
}

// unknown adds the processes there are to an unknown id's error.
func (t *ProcessOutput) unknown(name string, err error) error {
	return unknownProcess(t.procs, name, err)
}

func unknownProcess(procs *Processes, name string, err error) error {
	var u *process.UnknownError
	if !errors.As(err, &u) {
		return fmt.Errorf("%s: %w", name, err)
	}
	var ids []string
	for _, p := range procs.List() {
		ids = append(ids, p.ID+" ("+p.Status+")")
	}
	if len(ids) == 0 {
		return fmt.Errorf("%s: %w; none was started in this conversation", name, err)
	}
	return fmt.Errorf("%s: %w; there are %s", name, err, strings.Join(ids, ", "))
}

// ProcessStop stops a background process and everything it started.
type ProcessStop struct{ procs *Processes }

type processStopParams struct {
	ID string `json:"id"`
}

const processStopDescription = `Stop a background process and every process it started.`

const processStopSchema = `{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`

// Definition implements tool.Tool.
func (t *ProcessStop) Definition() tool.Definition {
	return definition("process_stop", processStopDescription, processStopSchema)
}

// Run implements tool.Tool.
func (t *ProcessStop) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var p processStopParams
	if err := decode("process_stop", args, &p); err != nil {
		return "", err
	}
	info, err := t.procs.Stop(ctx, p.ID)
	if err != nil {
		return "", unknownProcess(t.procs, "process_stop", err)
	}
	return describe(info, "", "output"), nil
}

// withNews appends what the conversation's background processes did since
// the last call (a port opened, an exit) to a tool's result, so the model
// hears of it at its next call.
type withNews struct {
	tool.Tool
	procs *Processes
}

// Run implements tool.Tool.
func (w withNews) Run(ctx context.Context, args json.RawMessage) (string, error) {
	out, err := w.Tool.Run(ctx, args)
	if _, exited := tool.ExitCode(err); err != nil && !exited {
		return out, err // the model reads the error alone; the news waits
	}
	if news := w.procs.News(); len(news) > 0 {
		out += "\n[" + strings.Join(news, "; ") + "]"
	}
	return out, err
}
