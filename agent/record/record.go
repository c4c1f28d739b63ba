// Package record persists an agent turn into the session store as it
// happens, and rebuilds the model's history from a stored session. It is
// the only place that knows both the loop's events and the stored model,
// so neither depends on the other.
package record

import (
	"context"
	"errors"
	"fmt"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/tool"
)

// Recorder writes one turn's events. A loop turn is several assistant
// steps (one per model response); a step ends when its tool calls have
// all finished and the model speaks again, or when the turn ends.
type Recorder struct {
	store     *session.Store
	sessionID string
	provider  string
	model     string

	step      *session.Turn
	open      int // tool calls started and not yet finished in this step
	sawTools  bool
	usage     session.Usage
	lastError string
	err       error  // the first storage failure; later events are still written
	lastCall  string // the last tool call started in this step
	userID    int64  // the stored prompt
	lastID    int64  // the last message stored so far

	// text and reasoning hold back the tail of the deltas that could be
	// part of a key, so no piece of one is stored; they are flushed before
	// every other event.
	text, reasoning *redact.Stream
	subs            subagents
}

// Begin stores the user's prompt and returns a recorder for the turn.
func Begin(ctx context.Context, store *session.Store, sessionID, provider, model, prompt string) (*Recorder, error) {
	return BeginWith(ctx, store, sessionID, provider, model, prompt, nil)
}

// BeginWith is Begin for a prompt with attachments, which are stored with it.
func BeginWith(ctx context.Context, store *session.Store, sessionID, provider, model, prompt string, parts []llm.Part) (*Recorder, error) {
	return BeginTyped(ctx, store, sessionID, provider, model, prompt, "", parts)
}

// BeginTyped is BeginWith for a prompt the person typed as typed (a slash
// command) and the model is sent as prompt (its expansion).
func BeginTyped(ctx context.Context, store *session.Store, sessionID, provider, model, prompt, typed string, parts []llm.Part) (*Recorder, error) {
	m, err := store.AddPrompt(ctx, sessionID, promptOf(prompt, typed, parts))
	if err != nil {
		return nil, fmt.Errorf("saving your message: %w", err)
	}
	return newRecorder(store, sessionID, provider, model, m.ID), nil
}

// BeginNew is BeginTyped for a conversation's first prompt: it creates the
// session n and stores the prompt in one write, and returns the session.
func BeginNew(ctx context.Context, store *session.Store, n session.NewSession, prompt, typed string, parts []llm.Part) (*Recorder, session.Session, error) {
	sess, m, err := store.CreateWithPrompt(ctx, n, promptOf(prompt, typed, parts))
	if err != nil {
		return nil, session.Session{}, fmt.Errorf("saving your message: %w", err)
	}
	return newRecorder(store, sess.ID, n.Provider, n.Model, m.ID), sess, nil
}

func promptOf(prompt, typed string, parts []llm.Part) session.Prompt {
	if typed == prompt {
		typed = ""
	}
	return session.Prompt{Text: prompt, Typed: typed, Attachments: attachmentsOf(parts)}
}

func newRecorder(store *session.Store, sessionID, provider, model string, promptID int64) *Recorder {
	// The streams remove key shapes and every registered secret (package
	// secrets registers each key it hands out).
	var red *redact.Redactor
	return &Recorder{store: store, sessionID: sessionID, provider: provider, model: model, userID: promptID, lastID: promptID,
		text: red.Stream(), reasoning: red.Stream()}
}

// UserMessageID is the stored id of the turn's prompt.
func (r *Recorder) UserMessageID() int64 { return r.userID }

// LastMessageID is the id of the last message the turn stored.
func (r *Recorder) LastMessageID() int64 { return r.lastID }

// Err is the first storage failure, if any.
func (r *Recorder) Err() error { return r.err }

// Event records e. It never blocks the stream on a failed write: the
// error is kept for Err and the turn goes on, and so does the recording,
// so one refused event never hides the commands that run after it.
func (r *Recorder) Event(ctx context.Context, e loop.Event) {
	switch e := e.(type) {
	case loop.TextDelta:
		r.speaking(ctx)
		r.appendText(r.text.Write(e.Text))
		return
	case loop.ReasoningDelta:
		r.speaking(ctx)
		r.appendReasoning(r.reasoning.Write(e.Text))
		return
	}
	r.flushDeltas()
	switch e := e.(type) {
	case loop.UsageReported:
		r.speaking(ctx)
		r.usage = usageOf(e.Usage, e.Cost, e.CostKnown)
	case loop.ToolCallStarted:
		ok := r.ensureStep(ctx)
		r.open++
		r.sawTools, r.lastCall = true, e.ID
		if ok {
			r.keep(r.step.ToolStarted(ctx, toolStart(e)))
		}
	case loop.ToolCallFinished:
		ok := r.ensureStep(ctx)
		r.open--
		if ok {
			r.keep(r.step.ToolFinished(ctx, session.ToolResult{CallID: e.ID, Status: statusOf(e.Status), Output: e.Output,
				Subagent: r.takeSubagent(e.ID), Attachments: attachmentsOf(e.Parts)}))
		}
	case loop.ClientCallsMade:
		if r.ensureStep(ctx) {
			for _, c := range e.Calls {
				r.keep(r.clientCall(ctx, r.step, c, nil))
			}
		}
	case loop.HookRan:
		r.hookRan(ctx, e)
	case loop.TurnError:
		r.lastError = e.Message
	case loop.TurnDone:
		state := session.StateComplete
		switch {
		case e.Stopped:
			state = session.StateStopped
		case r.lastError != "":
			state = session.StateFailed
		}
		if r.ensureStep(ctx) {
			r.finish(ctx, state)
		}
	}
}

// Continue records a message that sends the agent on within the turn (a
// Stop hook's instruction, origin "hook:Stop"): the step so far ends, the
// message is stored, and the events after it begin a new step.
func (r *Recorder) Continue(ctx context.Context, text, origin string) {
	r.flushDeltas()
	r.finish(ctx, session.StateComplete)
	m, err := r.store.AddPrompt(ctx, r.sessionID, session.Prompt{Text: text, Origin: origin})
	if r.keep(err) {
		r.lastID = m.ID
	}
}

// flushDeltas stores what the delta streams hold back, before the event
// that ends their run of deltas.
func (r *Recorder) flushDeltas() {
	r.appendText(r.text.Flush())
	r.appendReasoning(r.reasoning.Flush())
}

func (r *Recorder) appendText(s string) {
	if s != "" && r.step != nil {
		r.step.AppendText(s)
	}
}

func (r *Recorder) appendReasoning(s string) {
	if s != "" && r.step != nil {
		r.step.AppendReasoning(s)
	}
}

// speaking starts a new step when the model talks again after its tools,
// and reports whether there is a step to write to.
func (r *Recorder) speaking(ctx context.Context) bool {
	if r.step != nil && r.sawTools && r.open == 0 {
		r.finish(ctx, session.StateComplete)
	}
	return r.ensureStep(ctx)
}

// ensureStep begins a step unless one is open; false when storing failed.
func (r *Recorder) ensureStep(ctx context.Context) bool {
	if r.step != nil {
		return true
	}
	st, err := r.store.BeginAssistant(ctx, r.sessionID, r.provider, r.model)
	if !r.keep(err) {
		return false
	}
	r.step, r.sawTools, r.open, r.usage, r.lastCall = st, false, 0, session.Usage{}, ""
	r.lastID = st.MessageID()
	return true
}

func (r *Recorder) finish(ctx context.Context, state session.State) {
	if r.step == nil {
		return
	}
	end := session.End{State: state, Usage: r.usage}
	if state == session.StateFailed {
		end.Error = r.lastError
	}
	r.keep(r.step.Finish(ctx, end))
	r.step = nil
}

func (r *Recorder) keep(err error) bool {
	if err != nil && r.err == nil {
		r.err = err
	}
	return err == nil
}

// ToolStatus is a stored call's status as the tool reported it, for a
// reopened conversation's rows.
func ToolStatus(s session.ToolStatus) tool.Status {
	switch s {
	case session.ToolOK:
		return tool.StatusSucceeded
	case session.ToolDenied:
		return tool.StatusDenied
	case session.ToolError:
		return tool.StatusFailed
	}
	return tool.StatusCanceled
}

func statusOf(s tool.Status) session.ToolStatus {
	switch s {
	case tool.StatusSucceeded:
		return session.ToolOK
	case tool.StatusDenied:
		return session.ToolDenied
	case tool.StatusCanceled:
		return session.ToolInterrupted
	default:
		return session.ToolError
	}
}

// TurnStart is where a stored user message begins a turn in the history
// History returns, so the conversation can be taken back to just before it.
type TurnStart struct {
	UserMessageID int64
	Prompt        string
	HistoryIndex  int   // index of the prompt in the rebuilt history
	PrevMessageID int64 // the stored message before the prompt; 0 if none
}

// History rebuilds the model's context from a stored session: the latest
// compaction summary, then every message after it. Reasoning is not sent
// back (providers accept earlier turns without it). A step's tool calls
// are followed by their results.
func History(t *session.Transcript) ([]llm.Message, error) {
	h, _, err := HistoryWithTurns(t)
	return h, err
}

// HistoryWithTurns is History plus where each user turn starts in it.
func HistoryWithTurns(t *session.Transcript) ([]llm.Message, []TurnStart, error) {
	if t == nil {
		return nil, nil, errors.New("no transcript")
	}
	var out []llm.Message
	var turns []TurnStart
	var prev int64
	ctxMsgs := t.Context()
	if len(ctxMsgs) > 0 {
		for i, m := range t.Messages {
			if m.ID == ctxMsgs[0].ID && i > 0 {
				prev = t.Messages[i-1].ID
			}
		}
	}
	for i, m := range ctxMsgs {
		last := i == len(ctxMsgs)-1
		switch m.Role {
		case session.RoleUser:
			if m.Origin == "" { // a hook's message continues the person's turn
				turns = append(turns, TurnStart{UserMessageID: m.ID, Prompt: firstNonEmpty(m.Typed, m.Text), HistoryIndex: len(out), PrevMessageID: prev})
			}
			out = append(out, llm.Message{Role: llm.RoleUser, Text: m.Text, Parts: partsOf(m.Attachments)})
		case session.RoleSummary:
			out = append(out, llm.Message{Role: llm.RoleUser, Text: "Summary of the conversation so far:\n\n" + m.Text})
		case session.RoleAssistant:
			msg := llm.Message{Role: llm.RoleAssistant, Text: m.Text}
			var results []llm.ToolResult
			for _, c := range m.ToolCalls {
				msg.ToolCalls = append(msg.ToolCalls, llm.ToolCall{ID: c.CallID, Name: c.Name, Args: argsOf(c.Args)})
				if last && awaitingClient(c) {
					continue // the client's result is still to come
				}
				results = append(results, llm.ToolResult{CallID: c.CallID, Name: c.Name, Content: resultText(c), IsError: c.Status != session.ToolOK,
					Parts: partsOf(c.Attachments)})
			}
			if msg.Text != "" || len(msg.ToolCalls) > 0 { // an empty step (stopped before any output) says nothing
				out = append(out, msg)
				if len(results) > 0 {
					out = append(out, llm.Message{Role: llm.RoleTool, ToolResults: results})
				}
			}
		}
		prev = m.ID
	}
	return out, turns, nil
}

func resultText(c session.ToolCall) string {
	switch {
	case c.Output != "":
		return c.Output
	case c.Status == session.ToolInterrupted:
		return "Canceled: the call did not finish."
	default:
		return "(no output)"
	}
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
