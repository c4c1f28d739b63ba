package conversation

import (
	"encoding/json"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
)

// TextFlushInterval coalesces streamed deltas to about one UI update per
// frame: fewer bridge crossings, no visible lag.
const TextFlushInterval = 16 * time.Millisecond

// turnStream numbers one turn's events and merges adjacent text deltas.
// Deltas are the only events that may be merged; every other event is
// delivered, in order, after any text before it. Streamed text, reasoning
// and each call's live output pass through a redact.Stream of their own,
// so a key spelled out over many deltas is redacted whole.
type turnStream struct {
	emit func(Event)
	red  *redact.Redactor
	// beforeDone runs just before the done event (undo bookkeeping).
	beforeDone func()
	// window is the model's context window in tokens (0 when unknown), sent
	// with usage so the UI can show how full the context is.
	window int
	// billing is the provider's billing page, named when a key has no credit.
	billing string

	mu      sync.Mutex
	turnID  string
	seq     int
	pending map[string]string // "text" / "reasoning" → buffered, redacted delta
	order   []string
	stop    func() bool               // stops the armed flush timer; nil when none is armed
	streams map[string]*redact.Stream // "text" / "reasoning" → what redacts its deltas
	outputs map[string]*redact.Stream // call id → what redacts its live output
	subs    subagentUsage             // what the turn's subagents used

	// afterFunc arms the flush timer; tests replace it to fire the flush
	// themselves instead of waiting for the interval.
	afterFunc func(d time.Duration, f func()) (stop func() bool)
}

func realAfterFunc(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }

func newTurnStream(emit func(Event), red *redact.Redactor, turnID string) *turnStream {
	return &turnStream{emit: emit, red: red, turnID: turnID, pending: map[string]string{},
		streams: map[string]*redact.Stream{}, outputs: map[string]*redact.Stream{}, afterFunc: realAfterFunc}
}

// send emits one event now, after all the text before it, held back
// tails included.
func (s *turnStream) send(e Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.drainLocked()
	s.sendLocked(e)
}

// drainLocked ends the current run of deltas: what the streams held back
// is sent with the rest of the buffered text.
func (s *turnStream) drainLocked() {
	for _, kind := range []string{"reasoning", "text"} {
		if st := s.streams[kind]; st != nil {
			s.bufferLocked(kind, st.Flush())
		}
	}
	s.flushLocked()
}

func (s *turnStream) sendLocked(e Event) {
	s.seq++
	stamp(e, s.turnID, s.seq)
	s.emit(e)
}

// delta buffers streamed text of kind "text" or "reasoning".
func (s *turnStream) delta(kind, text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.streams[kind]
	if st == nil {
		st = s.red.Stream()
		s.streams[kind] = st
	}
	s.bufferLocked(kind, st.Write(text))
}

// bufferLocked adds redacted text to what the next flush sends.
func (s *turnStream) bufferLocked(kind, text string) {
	if text == "" {
		return
	}
	if _, ok := s.pending[kind]; !ok {
		s.order = append(s.order, kind)
	}
	s.pending[kind] += text
	if s.stop == nil {
		s.stop = s.afterFunc(TextFlushInterval, func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.flushLocked()
		})
	}
}

func (s *turnStream) flushLocked() {
	if s.stop != nil {
		s.stop()
		s.stop = nil
	}
	for _, kind := range s.order {
		if kind == "reasoning" {
			s.sendLocked(&Reasoning{Text: s.pending[kind]})
		} else {
			s.sendLocked(&Text{Text: s.pending[kind]})
		}
	}
	s.pending, s.order = map[string]string{}, nil
}

// event translates one loop event into the wire protocol.
func (s *turnStream) event(e loop.Event) {
	r := s.red.String
	switch e := e.(type) {
	case loop.TextDelta:
		s.delta("text", e.Text)
	case loop.ReasoningDelta:
		s.delta("reasoning", e.Text)
	case loop.ToolCallStarted:
		var args any
		if json.Unmarshal([]byte(r(string(e.Args))), &args) != nil {
			args = map[string]any{}
		}
		s.send(&ToolStarted{CallID: e.ID, Name: e.Name, Args: args})
	case loop.ToolCallFinished:
		s.endProgress(e.ID)
		s.send(&ToolFinished{CallID: e.ID, Name: e.Name, Status: string(e.Status),
			Output: r(e.Output), Summary: r(summaryOf(e)), ExitCode: e.ExitCode, AllowedBy: allowanceOf(e.AllowedBy, r),
			DurationMs: e.Duration.Milliseconds()})
	case loop.UsageReported:
		s.send(&UsageReported{Usage: usageOf(e.Usage),
			Cost: costOf(e.Cost, e.CostKnown), Window: s.window})
	case loop.Retrying:
		s.send(&Retry{Class: string(e.Class), Attempt: e.Attempt, DelayMs: e.Delay.Milliseconds()})
	case loop.Compacted:
		s.send(&Compacted{Kind: e.Kind, Before: e.Before, After: e.After})
	case loop.HookRan:
		s.send(&HookRan{Event: e.Event, Command: r(e.Command), ExitCode: e.ExitCode,
			DurationMs: e.Duration.Milliseconds(), Output: r(e.Output), Problem: r(e.Problem), Blocked: e.Blocked})
	case loop.TurnError:
		te := &TurnError{Class: string(e.Class), Message: r(e.Message)}
		if e.Class == llm.ClassQuota {
			te.BillingURL = s.billing
		}
		s.send(te)
	case loop.TurnDone:
		s.endProgress("")
		if s.beforeDone != nil {
			s.beforeDone()
		}
		done := &Done{Text: r(e.Text), Iterations: e.Iterations, ElapsedMs: e.Elapsed.Milliseconds(),
			Stopped: e.Stopped, Usage: usageOf(e.Usage), Cost: costOf(e.Cost, e.CostKnown)}
		s.subs.addTo(done)
		s.send(done)
	}
}

// progress forwards a running tool's live output, held back like deltas
// while its tail could be part of a key.
func (s *turnStream) progress(callID, chunk string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.outputs[callID]
	if st == nil {
		st = s.red.Stream()
		s.outputs[callID] = st
	}
	if out := st.Write(chunk); out != "" {
		s.drainLocked()
		s.sendLocked(&ToolProgress{CallID: callID, Chunk: out})
	}
}

// endProgress sends what a call's output stream (every call's when callID
// is "") held back, before the call's end.
func (s *turnStream) endProgress(callID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, st := range s.outputs {
		if callID != "" && id != callID {
			continue
		}
		if out := st.Flush(); out != "" {
			s.drainLocked()
			s.sendLocked(&ToolProgress{CallID: id, Chunk: out})
		}
		delete(s.outputs, id)
	}
}

func (s *turnStream) approvalRequested(req permission.Request) {
	kind, detail := "other", req.Command
	switch {
	case req.Command != "":
		kind = "shell"
	case req.Diff != "":
		kind, detail = "edit", req.Diff
	case req.Args != "":
		detail = req.Args // an MCP tool's arguments
	}
	summary := req.Reason
	if summary == "" {
		summary = req.Tool + " " + req.Path
	}
	s.send(&ApprovalRequested{ApprovalRequest: ApprovalRequest{RequestID: req.ID,
		CallID: req.CallID, Tool: req.Tool, Kind: kind, Summary: s.red.String(summary),
		Headline: s.red.String(req.Headline), Detail: s.red.String(detail),
		Agent: req.Agent, Server: mcpServerOf(req), Domain: domainOf(req)}})
}

func summaryOf(e loop.ToolCallFinished) string {
	return tools.Summarize(tools.Finished{Name: e.Name, Args: e.Args, Status: e.Status, Output: e.Output, ExitCode: e.ExitCode})
}

func allowanceOf(a *tool.Allowance, r func(string) string) *Allowance {
	if a == nil {
		return nil
	}
	return &Allowance{By: a.By, Detail: r(a.Detail)}
}

func usageOf(u llm.Usage) Usage {
	return Usage{InputTokens: u.InputTokens, CachedInputTokens: u.CachedInputTokens, OutputTokens: u.OutputTokens, ReasoningTokens: u.ReasoningTokens}
}

func costOf(c float64, known bool) *float64 {
	if !known {
		return nil
	}
	return &c
}
