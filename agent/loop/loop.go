// Package loop is Hearth's agent loop: it streams a model response, runs
// the tool calls it asks for, feeds the results back, and repeats until the
// model answers, the user stops it, or a limit is reached. It keeps the
// history inside the model's window and reports everything as typed events
// that the desktop app and the CLI both consume.
package loop

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/tool"
)

// Config is everything one agent needs. Client and Model are required.
type Config struct {
	Client llm.Client
	Model  string
	System string // rendered by package prompt
	Tools  []tool.Tool

	// Vision is the wire whose image limits tools fit images to ("anthropic"
	// or "openai"), or "" when the model cannot see images.
	Vision string

	MaxIterations int // per turn; default 50
	MaxParallel   int // concurrent read-only calls; default 4
	// Window is the model's context window in tokens; 0 disables
	// compaction until a context_length error reveals it.
	Window int
	// TextProtocol is for models without native tool calling: tools are
	// described in the system prompt and called with one JSON object.
	TextProtocol bool
	// ClientTools are offered beside Tools and run by the caller: a
	// response that calls one ends the turn with Result.ClientCalls (the
	// agent's own calls in it run first); Continue takes their results.
	ClientTools []llm.ToolDef
	// ToolChoice goes with every model call of native tools: "required"
	// keeps the model calling tools until it calls a client tool (which
	// ends the turn); a name forces that tool.
	ToolChoice llm.ToolChoice
	// TextProtocolSystem is the system prompt with the text protocol
	// appended. When set, a server that rejects native tools ("does not
	// support tools") switches the agent to the text protocol for good.
	TextProtocolSystem string

	MaxTokens   int
	Temperature *float64
	Reasoning   string
	NumCtx      int  // Ollama options.num_ctx
	Cache       bool // Anthropic cache_control on system and tools

	Retry   llm.RetryPolicy
	Pricing llm.ModelInfo
	// SpillDir keeps the full output of tool results shrunk by compaction,
	// so the agent can read them back. "" keeps nothing.
	SpillDir string
	// Redact is applied to what compaction writes (spilled outputs, their
	// notes, summaries), so no key reaches the disk through it; when nil,
	// key shapes and the secrets registered with package redact.
	Redact func(string) string
	// PreCompact, when set, is called before older turns are summarised to
	// fit the window during a turn (not on a requested compaction), so
	// PreCompact hooks see the automatic trigger.
	PreCompact func(ctx context.Context)
	// Refresh, when set, is called before each model request; a non-nil
	// result replaces the tools and system prompts for the rest of the turn,
	// so a tool an MCP server adds or removes mid-turn reaches the next
	// request. Tools it returns should share the turn's session (gate,
	// approvals, undo).
	Refresh func(ctx context.Context) *Refreshed
	// StopGrace is how long Stop waits for a tool that ignores its context.
	StopGrace time.Duration
	Now       func() time.Time
	Logf      func(format string, args ...any)
}

// Agent runs turns. It holds no conversation state; see Session for that.
type Agent struct {
	cfg   Config
	tools *toolset
	est   estimator

	mu       sync.Mutex
	textMode bool // starts as cfg.TextProtocol; set when native tools are refused
	blind    bool // set when the model refused a tool's image: tools send none again
}

// vision is the wire tools fit images to, or "" when the model cannot see them.
func (a *Agent) vision() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.blind {
		return ""
	}
	return a.cfg.Vision
}

func (a *Agent) useText() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.textMode
}

// New checks cfg and compiles the tools' schemas.
func New(cfg Config) (*Agent, error) {
	if cfg.Client == nil {
		return nil, errors.New("loop: no model client")
	}
	if cfg.Model == "" {
		return nil, errors.New("loop: no model")
	}
	if cfg.MaxIterations <= 0 {
		cfg.MaxIterations = 50
	}
	if cfg.MaxParallel <= 0 {
		cfg.MaxParallel = 4
	}
	if cfg.StopGrace <= 0 {
		cfg.StopGrace = 100 * time.Millisecond
	}
	if cfg.Retry.MaxRetries == 0 && cfg.Retry.Base == 0 {
		cfg.Retry = llm.DefaultRetry()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	if cfg.Redact == nil {
		cfg.Redact = redact.New().String
	}
	ts, err := newToolset(cfg.Tools)
	if err == nil {
		err = ts.addClientTools(cfg.ClientTools)
	}
	if _, ok := ts.byName[cfg.ToolChoice.Name]; err == nil && cfg.ToolChoice.Name != "" && !ok {
		err = &ClientToolError{Name: cfg.ToolChoice.Name, Reason: fmt.Sprintf("tool_choice names %q, which is not among the tools", cfg.ToolChoice.Name)}
	}
	if err != nil {
		return nil, fmt.Errorf("loop: %w", err)
	}
	a := &Agent{cfg: cfg, tools: ts, textMode: cfg.TextProtocol}
	a.est.factor, a.est.window = 1, cfg.Window
	return a, nil
}

// Result is the outcome of one turn.
type Result struct {
	// Messages is the whole history after the turn, the user's prompt and
	// every response and tool result included, even when the turn failed
	// or was stopped: work is never dropped.
	Messages []llm.Message
	Text     string
	// ClientCalls are the calls of client tools the turn ended on; the
	// caller runs them and passes their results to Continue.
	ClientCalls []llm.ToolCall
	Iterations  int
	Stopped     bool
	// Refused says the model declined to answer (its provider said so).
	Refused   bool
	Err       error // nil when the turn completed
	Usage     llm.Usage
	Cost      float64
	CostKnown bool
	Elapsed   time.Duration
}

// turn is the state of one Run.
type turn struct {
	a          *Agent
	msgs       []llm.Message
	emit       func(Event)
	res        Result
	guard      guard
	badReplies int
	shown      int // deltas shown from the current request
	// retried is set once a context_length error caused a compaction and a
	// retry; a second one fails the turn.
	retried bool
	// focus is what a requested compaction's summary should keep.
	focus string
	// requested marks a compaction the person asked for (CompactFocus).
	requested bool
}

// Run runs one turn: prompt is appended to history and the loop goes on
// until the model answers without calling tools. Cancelling ctx is Stop.
// emit receives every event, TurnDone last; it is never called
// concurrently.
func (a *Agent) Run(ctx context.Context, history []llm.Message, prompt string, emit func(Event)) Result {
	return a.RunMessage(ctx, history, llm.Message{Role: llm.RoleUser, Text: prompt}, emit)
}

// RunMessage is Run with a whole user message: a prompt with attachments.
func (a *Agent) RunMessage(ctx context.Context, history []llm.Message, user llm.Message, emit func(Event)) Result {
	msgs := append(append(make([]llm.Message, 0, len(history)+8), history...), user)
	return a.run(ctx, msgs, emit)
}

func (a *Agent) run(ctx context.Context, msgs []llm.Message, emit func(Event)) Result {
	em := &emitter{fn: emit}
	t := &turn{a: a, emit: em.emit, msgs: msgs}
	start := a.cfg.Now()
	t.loop(ctx)
	t.res.Messages = t.msgs
	t.res.Elapsed = a.cfg.Now().Sub(start)
	if t.res.Err != nil && !t.res.Stopped {
		t.emit(TurnError{Class: ErrorClass(t.res.Err), Message: errorMessage(t.res.Err)})
	}
	t.emit(TurnDone{Text: t.res.Text, Iterations: t.res.Iterations, Elapsed: t.res.Elapsed, Stopped: t.res.Stopped,
		Usage: t.res.Usage, Cost: t.res.Cost, CostKnown: t.res.CostKnown})
	return t.res
}

// TurnErr is a failure of the loop itself (not of the model call).
type TurnErr struct {
	Class   llm.Class
	Message string
}

func (e *TurnErr) Error() string { return e.Message }

// errorMessage words err for the user: the provider's own message and the
// HTTP status, without the class, which events carry separately.
func errorMessage(err error) string {
	var le *llm.Error
	if !errors.As(err, &le) {
		return err.Error()
	}
	msg := le.Message
	if le.Class == llm.ClassNoVision || le.Class == llm.ClassQuota {
		msg = le.Error() // says what it means before the provider's words
	}
	if msg == "" && le.Err != nil {
		msg = le.Err.Error()
	}
	if msg == "" {
		msg = string(le.Class)
	}
	if le.Status != 0 {
		msg += fmt.Sprintf(" (HTTP %d)", le.Status)
	}
	return msg
}

// ErrorClass is the class of a turn's error: the loop's own classes
// (max_iterations, tool_loop, text_protocol) or the model call's.
func ErrorClass(err error) llm.Class {
	var te *TurnErr
	if errors.As(err, &te) {
		return te.Class
	}
	return llm.ClassOf(err)
}

func (t *turn) loop(ctx context.Context) {
	a := t.a
	for {
		if ctx.Err() != nil {
			t.res.Stopped = true
			return
		}
		if t.res.Iterations >= a.cfg.MaxIterations {
			t.res.Err = &TurnErr{ClassMaxIterations, fmt.Sprintf(
				"stopped after %d model calls, the most this turn allows; the work so far is kept. Send a message to continue.",
				a.cfg.MaxIterations)}
			return
		}
		t.res.Iterations++
		t.refresh(ctx)
		resp, err := t.call(ctx)
		if resp != nil {
			resp.Message.ToolCalls = a.toolset().sanitize(resp.Message.ToolCalls)
			t.keep(resp, err)
		}
		if err != nil {
			if ctx.Err() != nil || llm.ClassOf(err) == llm.ClassCanceled {
				t.res.Stopped = true
				return
			}
			if llm.ClassOf(err) == llm.ClassNoVision && t.dropToolMedia() {
				a.mu.Lock()
				a.blind = true
				a.mu.Unlock()
				continue // the same request again, the pictures replaced by a note
			}
			t.res.Err = err
			return
		}
		calls := resp.Message.ToolCalls
		if a.useText() {
			var final bool
			calls, final = t.textProtocol(resp)
			if final || t.res.Err != nil {
				return
			}
			if calls == nil {
				continue // a malformed reply was answered with a correction
			}
		} else if len(calls) == 0 {
			t.res.Text = resp.Message.Text
			t.res.Refused = resp.StopReason == llm.StopRefusal
			return
		}
		calls = a.toolset().sanitize(calls)
		if own, client := a.toolset().splitClient(calls); len(client) > 0 {
			if len(own) > 0 {
				t.appendResults(own, a.runCalls(ctx, own, t.emit))
			}
			t.res.ClientCalls, t.res.Text = client, resp.Message.Text
			t.emit(ClientCallsMade{Calls: client})
			return
		}
		outs := a.runCalls(ctx, calls, t.emit)
		t.appendResults(calls, outs)
		if ctx.Err() != nil {
			t.res.Stopped = true
			return
		}
		for i, o := range outs {
			if t.guard.record(calls[i], o.status == tool.StatusFailed && !o.exited) {
				t.res.Err = &TurnErr{ClassToolLoop, fmt.Sprintf(
					"stopped: the model called %s with the same arguments %d times and it failed each time. Last error: %s",
					calls[i].Name, maxSameFailure, truncate(o.result.Content, 300))}
				return
			}
		}
	}
}

// keep appends the response to the history (partial text included) and
// accounts its usage.
func (t *turn) keep(resp *llm.Response, err error) {
	m := resp.Message
	if err != nil {
		m.ToolCalls = nil // a failed response's calls never run
		t.res.Text = m.Text
	}
	if m.Text != "" || len(m.ToolCalls) > 0 || len(m.Reasoning) > 0 {
		t.msgs = append(t.msgs, m)
	}
}

func (t *turn) appendResults(calls []llm.ToolCall, outs []outcome) {
	if t.a.useText() {
		t.msgs = append(t.msgs, llm.Message{Role: llm.RoleUser, Text: textResults(outs)})
		return
	}
	m := llm.Message{Role: llm.RoleTool, ToolResults: make([]llm.ToolResult, len(outs))}
	for i, o := range outs {
		m.ToolResults[i] = o.result
	}
	t.msgs = append(t.msgs, m)
}

// canonical is the call's arguments in a stable form, for the loop guard.
func canonical(c llm.ToolCall) string {
	if c.RawArgs != "" {
		return c.RawArgs
	}
	var v any
	if json.Unmarshal(c.Args, &v) != nil {
		return string(c.Args)
	}
	b, _ := json.Marshal(v) // map keys come out sorted
	return string(bytes.TrimSpace(b))
}
