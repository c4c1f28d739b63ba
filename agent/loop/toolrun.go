package loop

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/tool"
)

type outcome struct {
	result   llm.ToolResult
	status   tool.Status
	exitCode *int
	// exited: the call failed only because its command exited non-zero,
	// which the loop guard does not count (a test run fails while the
	// model fixes the code).
	exited    bool
	allowedBy *tool.Allowance
	duration  time.Duration
}

func finished(c llm.ToolCall, o outcome) ToolCallFinished {
	return ToolCallFinished{ID: c.ID, Name: c.Name, Args: c.Args, Status: o.status, Output: o.result.Content,
		ExitCode: o.exitCode, AllowedBy: o.allowedBy, Duration: o.duration, Parts: o.result.Parts}
}

// runCalls runs one response's calls and returns their results in call
// order. Consecutive read-only calls run together (at most maxParallel at a
// time); any other call runs alone, in order, so edits never race. When ctx
// is cancelled, calls still running after grace are reported as canceled
// and abandoned, so Stop is never held up by a tool that ignores ctx.
func (a *Agent) runCalls(ctx context.Context, calls []llm.ToolCall, emit func(Event)) []outcome {
	out := make([]outcome, len(calls))
	for i, c := range calls {
		emit(ToolCallStarted{ID: c.ID, Name: c.Name, Args: c.Args})
		out[i] = outcome{result: llm.ToolResult{CallID: c.ID, Name: c.Name}}
	}
	for i := 0; i < len(calls); {
		j := i + 1
		if a.isParallel(calls[i]) {
			for j < len(calls) && a.isParallel(calls[j]) {
				j++
			}
		}
		if ctx.Err() != nil {
			for k := i; k < j; k++ {
				out[k] = canceled(calls[k], 0)
				emit(finished(calls[k], out[k]))
			}
		} else {
			a.runBatch(ctx, calls[i:j], out[i:j], emit)
		}
		i = j
	}
	return out
}

func (a *Agent) isParallel(c llm.ToolCall) bool {
	e, ok := a.toolset().byName[c.Name]
	return ok && e.parallel
}

func (a *Agent) runBatch(ctx context.Context, calls []llm.ToolCall, out []outcome, emit func(Event)) {
	start := time.Now()
	sem := make(chan struct{}, a.cfg.MaxParallel)
	done := make([]chan outcome, len(calls))
	for i, c := range calls {
		done[i] = make(chan outcome, 1)
		go func() {
			select {
			case sem <- struct{}{}:
				defer func() { <-sem }()
			case <-ctx.Done():
			}
			if ctx.Err() != nil {
				done[i] <- canceled(c, time.Since(start))
				return
			}
			done[i] <- a.runOne(ctx, c)
		}()
	}
	var grace <-chan time.Time
	for i, c := range calls {
		var o outcome
		select {
		case o = <-done[i]:
		case <-ctx.Done():
			if grace == nil {
				grace = time.After(a.cfg.StopGrace)
			}
			select {
			case o = <-done[i]:
			case <-grace:
				o = canceled(c, time.Since(start))
			}
		}
		out[i] = o
		emit(finished(c, o))
	}
}

func canceled(c llm.ToolCall, d time.Duration) outcome {
	return outcome{status: tool.StatusCanceled, duration: d,
		result: llm.ToolResult{CallID: c.ID, Name: c.Name, Content: "Canceled: the user stopped the turn.", IsError: true}}
}

// runOne validates and runs one call. A panic in the tool becomes an error
// result: one broken tool must not take the app down.
func (a *Agent) runOne(ctx context.Context, c llm.ToolCall) (o outcome) {
	start := time.Now()
	defer func() { o.duration = time.Since(start) }()
	o.result = llm.ToolResult{CallID: c.ID, Name: c.Name}
	ts := a.toolset()
	if msg := ts.check(c); msg != "" {
		o.result.Content, o.result.IsError, o.status = msg, true, tool.StatusFailed
		return o
	}
	defer func() {
		if p := recover(); p != nil {
			o.result.Content = fmt.Sprintf("Error: the %s tool crashed: %v", c.Name, p)
			o.result.IsError, o.status = true, tool.StatusFailed
			a.cfg.Logf("tool %s panicked: %v\n%s", c.Name, p, debug.Stack())
		}
	}()
	cctx, allowance := tool.WithAllowance(tool.WithCallID(ctx, c.ID))
	if v := a.vision(); v != "" {
		cctx = tool.WithVision(cctx, tool.Vision{Wire: v})
	}
	cctx, attached := tool.WithMedia(cctx)
	text, err := ts.byName[c.Name].tool.Run(cctx, c.Args)
	o.allowedBy = allowance()
	if err == nil {
		o.result.Parts = attached()
	}
	o.status = tool.StatusOf(cctx, err)
	code, exited := tool.ExitCode(err)
	if exited {
		o.exitCode = &code
	}
	switch {
	case exited && o.status == tool.StatusFailed:
		// The output already says how the command ended.
		o.result.Content, o.result.IsError, o.exited = text, true, true
	case err == nil:
		o.result.Content = text
		if text == "" {
			o.result.Content = "(no output)"
		}
	case o.status == tool.StatusCanceled:
		o.result.Content, o.result.IsError = "Canceled: the user stopped the turn.", true
	default:
		o.result.Content, o.result.IsError = "Error: "+err.Error(), true
		if text != "" {
			o.result.Content = text + "\n\nError: " + err.Error()
		}
	}
	return o
}

// guard stops a turn in which the model repeats the same failing call.
type guard struct{ fails map[string]int }

const maxSameFailure = 3

// record notes a call's outcome and reports whether the limit was reached.
func (g *guard) record(c llm.ToolCall, failed bool) bool {
	if g.fails == nil {
		g.fails = map[string]int{}
	}
	key := c.Name + "\x00" + canonical(c)
	if !failed {
		delete(g.fails, key)
		return false
	}
	g.fails[key]++
	return g.fails[key] >= maxSameFailure
}

// emitter serialises events from concurrent tool goroutines.
type emitter struct {
	mu sync.Mutex
	fn func(Event)
}

func (e *emitter) emit(ev Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.fn(ev)
}
