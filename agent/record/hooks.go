package record

import (
	"context"

	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/session"
)

// hookRan keeps a hook run with the open step, after its latest call, or
// when no step is open (the prompt's hooks, before the model answers) with
// the last stored message.
func (r *Recorder) hookRan(ctx context.Context, e loop.HookRan) {
	h := session.HookRun{Event: e.Event, Command: e.Command, ExitCode: e.ExitCode, DurationMs: e.Duration.Milliseconds(),
		Output: e.Output, Problem: e.Problem, Blocked: e.Blocked}
	if r.step != nil {
		h.After = r.lastCall
		r.keep(r.step.HookRan(ctx, h))
		return
	}
	if r.lastID != 0 {
		r.keep(r.store.AddHookRun(ctx, r.lastID, h))
	}
}
