package conversation

import (
	"context"
	"fmt"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/record"
	"github.com/hearth-agent/hearth/agent/session"
)

// beginRecording stores the prompt and returns the turn's recorder,
// creating the session on the first message. On the desktop recording
// never blocks a turn: a failure is a notice and the chat goes on
// unsaved; a headless turn gets the error and does not run.
func (c *Conversation) beginRecording(ctx context.Context, ws, provider, model, prompt, typed string, parts []llm.Part) (*record.Recorder, error) {
	store := c.sessions()
	if store == nil {
		return nil, nil
	}
	c.mu.Lock()
	id, ch := c.sessionID, c.choice
	c.mu.Unlock()
	if id == "" {
		// The session and its first prompt are one write: one commit before
		// the first model call.
		n := session.NewSession{Workspace: ws, Provider: provider, Model: model, Mode: ch.Mode,
			Choice: storedChoice(ch)}
		rec, sess, err := record.BeginNew(ctx, store, n, prompt, typed, parts)
		if err != nil {
			return nil, c.unsaved(fmt.Errorf("this conversation is not being saved: %w", err), err)
		}
		c.mu.Lock()
		c.sessionID = sess.ID
		c.mu.Unlock()
		c.sink.SessionsChanged()
		return rec, nil
	}
	rec, err := record.BeginTyped(ctx, store, id, provider, model, prompt, typed, parts)
	if err != nil {
		return nil, c.unsaved(err, err)
	}
	c.sink.SessionsChanged()
	return rec, nil
}

// ensureSession is the conversation's stored session, created on the
// first message (created says so).
func (c *Conversation) ensureSession(ctx context.Context, store *session.Store, ws, provider, model string) (id string, created bool, err error) {
	c.mu.Lock()
	id, ch := c.sessionID, c.choice
	c.mu.Unlock()
	if id != "" {
		return id, false, nil
	}
	s, err := store.Create(ctx, session.NewSession{Workspace: ws, Provider: provider, Model: model, Mode: ch.Mode,
		Choice: storedChoice(ch)})
	if err != nil {
		return "", false, c.unsaved(fmt.Errorf("this conversation is not being saved: %w", err), err)
	}
	c.mu.Lock()
	c.sessionID = s.ID
	c.mu.Unlock()
	return s.ID, true, nil
}

// beginContinue returns the recorder of a turn that goes on after client
// tool calls: their results are stored on the calls, not as a prompt. A
// new session (a client that sent the whole history) first stores the
// history's last prompt and the assistant message that made the calls.
func (c *Conversation) beginContinue(ctx context.Context, ws, provider, model string, results []llm.ToolResult) (*record.Recorder, error) {
	store := c.sessions()
	if store == nil {
		return nil, nil
	}
	id, created, err := c.ensureSession(ctx, store, ws, provider, model)
	if err != nil || id == "" {
		return nil, err
	}
	c.mu.Lock()
	history, after := c.history, c.storedTo
	c.mu.Unlock()
	var promptID int64
	calling := lastOf(history, func(m llm.Message) bool { return m.Role == llm.RoleAssistant && len(m.ToolCalls) > 0 })
	if u := lastOf(history, func(m llm.Message) bool { return m.Role == llm.RoleUser }); created && u != nil {
		m, err := store.AddUserMessage(ctx, id, u.Text)
		if err != nil {
			return nil, c.unsaved(err, err)
		}
		promptID, after = m.ID, m.ID
	}
	rec, err := record.Continue(ctx, store, id, provider, model, calling, results, promptID, after)
	if err != nil {
		return nil, c.unsaved(err, err)
	}
	c.sink.SessionsChanged()
	return rec, nil
}

func lastOf(msgs []llm.Message, match func(llm.Message) bool) *llm.Message {
	for i := len(msgs) - 1; i >= 0; i-- {
		if match(msgs[i]) {
			return &msgs[i]
		}
	}
	return nil
}

// unsaved reports notice on the desktop and returns nil; a headless turn
// gets err back instead.
func (c *Conversation) unsaved(notice, err error) error {
	if c.cfg.Headless {
		return err
	}
	c.sink.Notice(notice)
	return nil
}

// linkUndo records which snapshots belong to the stored prompt, so the
// turn can still be undone once the conversation is closed and reopened.
func (c *Conversation) linkUndo(ctx context.Context, promptID int64, snapshotID string) {
	if err := c.sessions().SetUndoSnapshot(ctx, promptID, snapshotID); err != nil {
		c.sink.Notice(fmt.Errorf("this turn can be undone only until the conversation is closed: %w", err))
	}
}

func lastID(msgs []session.Message) int64 {
	if len(msgs) == 0 {
		return 0
	}
	return msgs[len(msgs)-1].ID
}
