package session

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// Turn writes one assistant step as the loop streams it. Deltas are held in
// memory and flushed every FlushInterval and before every other event; the
// other events are written at once. A Turn is safe for concurrent use.
type Turn struct {
	s         *Store
	id        int64
	sessionID string

	mu        sync.Mutex
	text      strings.Builder // unflushed deltas
	reasoning strings.Builder
	firstTok  time.Time
	stopTimer func() bool // stops the armed flush timer; nil when none is armed
	toolSeq   int64
	err       error // first background flush failure, reported by the next event
	done      bool
}

// BeginAssistant starts a streaming assistant step in a session.
func (s *Store) BeginAssistant(ctx context.Context, sessionID, provider, model string) (*Turn, error) {
	m := Message{SessionID: sessionID, Role: RoleAssistant, State: StateStreaming,
		Provider: provider, Model: model}
	err := s.write(ctx, func(tx *sql.Tx) error { return s.insertMessage(ctx, tx, &m) })
	if err != nil {
		return nil, fmt.Errorf("starting the assistant step: %w", err)
	}
	return &Turn{s: s, id: m.ID, sessionID: sessionID}, nil
}

// MessageID is the stored message this step writes.
func (t *Turn) MessageID() int64 { return t.id }

// AppendText buffers a text delta.
func (t *Turn) AppendText(delta string) { t.appendDelta(&t.text, delta) }

// AppendReasoning buffers a reasoning delta.
func (t *Turn) AppendReasoning(delta string) { t.appendDelta(&t.reasoning, delta) }

func (t *Turn) appendDelta(b *strings.Builder, delta string) {
	if delta == "" {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.done {
		return
	}
	if t.firstTok.IsZero() {
		t.firstTok = t.s.opt.Now()
	}
	b.WriteString(delta)
	if t.stopTimer == nil {
		t.stopTimer = t.s.opt.AfterFunc(t.s.opt.FlushInterval, t.flushInBackground)
	}
}

// eventTimeout bounds one event's write (a locked database waits for the
// busy timeout first).
const eventTimeout = 30 * time.Second

// flushInBackground runs on the timer. It has no caller's context, so it
// bounds itself; a failure is reported by the next event.
func (t *Turn) flushInBackground() {
	ctx, cancel := context.WithTimeout(context.Background(), eventTimeout)
	defer cancel()
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopTimer = nil
	if t.done || wholeLines(t.text.String())+wholeLines(t.reasoning.String()) == 0 {
		return // nothing whole to write: no transaction
	}
	err := t.s.write(ctx, func(tx *sql.Tx) error { return t.flushLocked(ctx, tx, false) })
	if err != nil && t.err == nil {
		t.err = fmt.Errorf("saving streamed text: %w", err)
	}
}

// flushLocked writes buffered deltas within tx, redacted; t.mu is held.
// Unless all, only whole lines are written: a key streamed over several
// deltas is whole, and so redacted, only once its line has ended (no
// pattern spans a line end), so no piece of one reaches the disk. Tool
// calls and the step's end write the rest; a crash loses at most the
// unfinished line.
func (t *Turn) flushLocked(ctx context.Context, tx *sql.Tx, all bool) error {
	text, reasoning := t.text.String(), t.reasoning.String()
	nt, nr := len(text), len(reasoning)
	if !all {
		nt, nr = wholeLines(text), wholeLines(reasoning)
	}
	if nt == 0 && nr == 0 {
		return nil
	}
	_, err := t.s.exec(ctx, tx, stAppendDeltas, t.s.opt.Redact(text[:nt]), t.s.opt.Redact(reasoning[:nr]), toMillis(t.firstTok), t.id)
	if err != nil {
		return err
	}
	t.text.Reset()
	t.text.WriteString(text[nt:])
	t.reasoning.Reset()
	t.reasoning.WriteString(reasoning[nr:])
	return nil
}

// wholeLines is the length of s up to its last line end.
func wholeLines(s string) int { return strings.LastIndexByte(s, '\n') + 1 }

// event flushes the buffer and runs fn in the same transaction, so the
// stored order of text and tool calls matches the stream's; with no fn it
// flushes whole lines only, as the timer does.
// A failed background flush kept its buffer, so the flush here retries it.
//
// Events are written even when ctx is already cancelled: stopping a turn
// cancels its context, and the stop itself must still be recorded.
func (t *Turn) event(ctx context.Context, what string, final bool, fn func(ctx context.Context, tx *sql.Tx) error) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), eventTimeout)
	defer cancel()
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.done {
		return ErrFinished
	}
	if t.stopTimer != nil {
		t.stopTimer()
		t.stopTimer = nil
	}
	err := t.s.write(ctx, func(tx *sql.Tx) error {
		if err := t.flushLocked(ctx, tx, fn != nil); err != nil || fn == nil {
			return err
		}
		return fn(ctx, tx)
	})
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	t.err = nil
	t.done = final
	return nil
}

// Err reports a background flush failure not yet retried by an event.
func (t *Turn) Err() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.err
}

// Flush writes the whole lines of the buffered deltas now.
func (t *Turn) Flush(ctx context.Context) error {
	return t.event(ctx, "saving streamed text", false, nil)
}

// ToolStart is a tool call the model made.
type ToolStart struct {
	CallID string
	Name   string
	Args   string // JSON arguments as the model sent them
}

// ToolStarted records a tool call as running.
func (t *Turn) ToolStarted(ctx context.Context, c ToolStart) error {
	if c.Name == "" {
		return errors.New("session: a tool call needs a name")
	}
	return t.event(ctx, "saving the tool call", false, func(ctx context.Context, tx *sql.Tx) error {
		t.toolSeq++
		_, err := t.s.exec(ctx, tx, stInsertToolCall,
			t.id, t.toolSeq, c.CallID, c.Name, t.s.opt.Redact(c.Args), toMillis(t.s.opt.Now()))
		return err
	})
}

// ToolResult is how a tool call ended.
type ToolResult struct {
	CallID   string
	Status   ToolStatus
	Approval Approval
	// Output is what the model is given (capped by the caller); FullOutput
	// is the complete output when it is longer.
	Output     string
	FullOutput string
	// Subagent is the transcript of the subagent a task call ran.
	Subagent *SubagentRun
	// Attachments are the images and documents the tool returned.
	Attachments []Attachment
}

// ToolFinished records the result of a call started with ToolStarted.
func (t *Turn) ToolFinished(ctx context.Context, r ToolResult) error {
	switch r.Status {
	case ToolOK, ToolError, ToolDenied, ToolInterrupted:
	default:
		return fmt.Errorf("session: %q is not a finished tool status", r.Status)
	}
	r.Output, r.FullOutput = t.s.opt.Redact(r.Output), t.s.opt.Redact(r.FullOutput)
	var full sql.NullString
	if r.FullOutput != "" && r.FullOutput != r.Output {
		full = sql.NullString{String: r.FullOutput, Valid: true}
	}
	sub, err := subagentColumn(r.Subagent, t.s.opt.Redact)
	if err != nil {
		return err
	}
	if err := t.s.putBlobs(r.Attachments); err != nil {
		return err
	}
	return t.event(ctx, "saving the tool result", false, func(ctx context.Context, tx *sql.Tx) error {
		res, err := t.s.exec(ctx, tx, stFinishToolCall,
			string(r.Status), string(r.Approval), r.Output, full, toMillis(t.s.opt.Now()), sub, t.id, r.CallID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("no tool call %q was started in this step", r.CallID)
		}
		return t.s.addToolAttachments(ctx, tx, t.id, r.CallID, r.Attachments)
	})
}

// End is how an assistant step ended.
type End struct {
	State State // complete, stopped, interrupted or failed
	Error string
	Usage Usage
	// ReasoningSignature is the provider's opaque token for the reasoning,
	// if it sent one.
	ReasoningSignature string
}

// Finish flushes what is buffered and records the terminal state and usage.
// After Finish the Turn accepts nothing more.
func (t *Turn) Finish(ctx context.Context, e End) error {
	if !e.State.Terminal() {
		return fmt.Errorf("session: %q is not a terminal state", e.State)
	}
	u := e.Usage
	return t.event(ctx, "finishing the assistant step", true, func(ctx context.Context, tx *sql.Tx) error {
		now := toMillis(t.s.opt.Now())
		if _, err := t.s.exec(ctx, tx, stInterruptRunningTools, now, t.id); err != nil {
			return err
		}
		if err := t.redactStored(ctx, tx); err != nil {
			return err
		}
		if _, err := t.s.exec(ctx, tx, stFinishMessage,
			string(e.State), t.s.opt.Redact(e.Error), now, u.InputTokens, u.OutputTokens, u.CacheReadTokens,
			u.CacheWriteTokens, u.ReasoningTokens, toMicros(u.CostUSD), e.ReasoningSignature, t.id); err != nil {
			return err
		}
		if _, err := t.s.exec(ctx, tx, stTouchSession, now, t.sessionID); err != nil {
			return err
		}
		return t.s.addSessionUsage(ctx, tx, t.sessionID, u)
	})
}
