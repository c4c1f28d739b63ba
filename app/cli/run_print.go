package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/agent/worktree"
)

// runPrinter writes events as JSON lines or as readable text. Everything
// it prints goes through the redactor so a key never reaches the output;
// streamed text and reasoning go through a stream each, so a key the model
// spells out over several deltas is caught whole. Readable text first
// loses what a terminal would act on (termFilter), before the redactor
// reads it, so a key written around an escape sequence is caught too.
type runPrinter struct {
	env             *Env
	json            bool
	red             *redact.Redactor
	text, reasoning *redact.Stream
	// textTerm and reasoningTerm filter the streams for a terminal; nil
	// with --json.
	textTerm, reasoningTerm *termFilter
	midRow                  bool // the last text written did not end a line
	// todos reads the conversation's todo list, printed whenever it changes.
	todos func() []tools.TodoItem
	// worktree is the tree the run works in, named by the done event.
	worktree *worktree.Tree
}

func newRunPrinter(env *Env, asJSON bool, red *redact.Redactor) *runPrinter {
	p := &runPrinter{env: env, json: asJSON, red: red, text: red.Stream(), reasoning: red.Stream()}
	if !asJSON {
		p.textTerm, p.reasoningTerm = &termFilter{}, &termFilter{}
	}
	return p
}

// shown is a whole string as the readable output prints it.
func (p *runPrinter) shown(s string) string { return p.red.String(termSafe(s)) }

// delta prints what the streams let out now; flush (before any other
// event) prints what they held back.
func (p *runPrinter) delta(e loop.Event) {
	switch e := e.(type) {
	case loop.TextDelta:
		p.printText(p.text.Write(p.textTerm.Write(e.Text)))
	case loop.ReasoningDelta:
		p.printReasoning(p.reasoning.Write(p.reasoningTerm.Write(e.Text)))
	}
}

func (p *runPrinter) flush() {
	p.printReasoning(p.reasoning.Write(p.reasoningTerm.Flush()) + p.reasoning.Flush())
	p.printText(p.text.Write(p.textTerm.Flush()) + p.text.Flush())
}

func (p *runPrinter) printText(s string) {
	switch {
	case s == "":
	case p.json:
		p.line(map[string]any{"type": "text", "text": s})
	default:
		io.WriteString(p.env.Stdout, s)
		p.midRow = !strings.HasSuffix(s, "\n")
	}
}

func (p *runPrinter) printReasoning(s string) {
	if s != "" && p.json { // the readable output leaves reasoning out
		p.line(map[string]any{"type": "reasoning", "text": s})
	}
}

func (p *runPrinter) line(v map[string]any) {
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	fmt.Fprintf(p.env.Stdout, "%s\n", b)
}

func (p *runPrinter) event(e loop.Event) {
	switch e.(type) {
	case loop.TextDelta, loop.ReasoningDelta:
		p.delta(e)
		return
	}
	p.flush()
	if p.json {
		p.jsonEvent(e, p.red.String)
		if todoChanged(e) {
			p.todoList()
		}
		return
	}
	w, errw, r := p.env.Stdout, p.env.Stderr, p.shown
	switch e := e.(type) {
	case loop.ToolCallFinished:
		p.endRow()
		fmt.Fprintf(w, "• %s\n", r(summaryOf(e)))
		if todoChanged(e) {
			p.todoList()
		}
	case loop.HookRan:
		p.endRow()
		what := "hook " + e.Event
		if e.Event == "Check" { // the project check, shown like a hook
			what = "check"
		}
		fmt.Fprintf(errw, "hearth run: %s %s → %s (%s)\n", what, r(e.Command), r(hookOutcome(e)), e.Duration.Round(time.Millisecond))
		if out := strings.TrimSpace(r(e.Output)); out != "" {
			fmt.Fprintf(errw, "  %s\n", strings.ReplaceAll(out, "\n", "\n  "))
		}
	case loop.Retrying:
		fmt.Fprintf(errw, "hearth run: %s, retrying in %s (attempt %d)\n", e.Class, e.Delay.Round(time.Millisecond), e.Attempt)
	case loop.Compacted:
		fmt.Fprintf(errw, "hearth run: compacted the history (%s): ~%d → ~%d tokens\n", e.Kind, e.Before, e.After)
	case loop.TurnError:
		p.endRow()
		fmt.Fprintf(errw, "hearth run: %s\n", r(e.Message))
	case loop.TurnDone:
		p.endRow()
		status := "Cooked for " + cookedFor(e.Elapsed)
		if e.Stopped {
			status = "Stopped after " + cookedFor(e.Elapsed)
		}
		fmt.Fprintf(errw, "%s · %d model calls · %d in (%d cached) / %d out tokens", status, e.Iterations,
			e.Usage.InputTokens, e.Usage.CachedInputTokens, e.Usage.OutputTokens)
		if e.CostKnown {
			fmt.Fprintf(errw, " · $%.4f", e.Cost)
		}
		fmt.Fprintln(errw)
	}
}

func (p *runPrinter) endRow() {
	if p.midRow {
		fmt.Fprintln(p.env.Stdout)
		p.midRow = false
	}
}

func (p *runPrinter) jsonEvent(e loop.Event, r func(string) string) {
	switch e := e.(type) {
	case loop.ToolCallStarted:
		args := json.RawMessage(r(string(e.Args)))
		if !json.Valid(args) {
			args = json.RawMessage("{}")
		}
		p.line(map[string]any{"type": "tool_call", "id": e.ID, "name": e.Name, "args": args})
	case loop.ToolCallFinished:
		v := map[string]any{"type": "tool_result", "id": e.ID, "name": e.Name, "status": string(e.Status), "output": r(e.Output),
			"summary": r(summaryOf(e)), "duration_ms": e.Duration.Milliseconds()}
		if e.ExitCode != nil {
			v["exit_code"] = *e.ExitCode
		}
		if a := e.AllowedBy; a != nil {
			v["allowed_by"] = map[string]string{"by": a.By, "detail": r(a.Detail)}
		}
		p.line(v)
	case loop.HookRan:
		v := map[string]any{"type": "hook", "event": e.Event, "command": r(e.Command), "exit_code": e.ExitCode,
			"duration_ms": e.Duration.Milliseconds(), "output": r(e.Output), "blocked": e.Blocked}
		if e.Problem != "" {
			v["problem"] = r(e.Problem)
		}
		p.line(v)
	case loop.UsageReported:
		u := e.Usage
		p.line(map[string]any{"type": "usage", "input_tokens": u.InputTokens, "cached_input_tokens": u.CachedInputTokens,
			"output_tokens": u.OutputTokens, "reasoning_tokens": u.ReasoningTokens})
	case loop.Retrying:
		p.line(map[string]any{"type": "retry", "class": string(e.Class), "attempt": e.Attempt, "delay_ms": e.Delay.Milliseconds()})
	case loop.TurnError:
		// kind is what a script branches on (quota: no retry will help).
		p.line(map[string]any{"type": "error", "class": string(e.Class), "kind": string(e.Class), "message": r(e.Message)})
	case loop.TurnDone:
		v := map[string]any{"type": "done", "text": r(e.Text), "iterations": e.Iterations, "elapsed_ms": e.Elapsed.Milliseconds()}
		if t := p.worktree; t != nil {
			v["worktree"] = map[string]string{"id": t.ID, "path": t.Path, "branch": t.Branch}
		}
		p.line(v)
	}
}

func summaryOf(e loop.ToolCallFinished) string {
	return tools.Summarize(tools.Finished{Name: e.Name, Args: e.Args, Status: e.Status, Output: e.Output, ExitCode: e.ExitCode})
}

// cookedFor formats a duration the way the app shows it: "1 m 05 s".
func cookedFor(d time.Duration) string {
	s := int(d.Round(time.Second).Seconds())
	if s < 60 {
		return fmt.Sprintf("%d s", s)
	}
	return fmt.Sprintf("%d m %02d s", s/60, s%60)
}

// hookOutcome words a hook's end: its exit code, or what went wrong.
func hookOutcome(e loop.HookRan) string {
	out := fmt.Sprintf("exit %d", e.ExitCode)
	if e.Blocked {
		out += ", blocked"
	}
	if e.Problem != "" {
		out += ": " + e.Problem
	}
	return out
}
