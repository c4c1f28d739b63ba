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
	id, mode := c.sessionID, c.choice.Mode
	c.mu.Unlock()
	if id == "" {
		s, err := store.Create(ctx, session.NewSession{Workspace: ws, Provider: provider, Model: model, Mode: mode})
		if err != nil {
			return nil, c.unsaved(fmt.Errorf("this conversation is not being saved: %w", err), err)
		}
		id = s.ID
		c.mu.Lock()
		c.sessionID = id
		c.mu.Unlock()
	}
	rec, err := record.BeginTyped(ctx, store, id, provider, model, prompt, typed, parts)
	if err != nil {
		return nil, c.unsaved(err, err)
	}
	c.sink.SessionsChanged()
	return rec, nil
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
