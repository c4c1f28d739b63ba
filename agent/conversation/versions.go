package conversation

import (
	"context"
	"errors"
	"strconv"

	"github.com/hearth-agent/hearth/agent/session"
)

// SwitchVersion shows version n (1-based) of turnID and the newest branch
// that continues it: the stored conversation is reopened on that branch, so
// the next prompt continues the history the person sees.
func (c *Conversation) SwitchVersion(ctx context.Context, turnID string, n int) (*Reopened, error) {
	store := c.sessions()
	if store == nil {
		return nil, ErrNoSessions
	}
	mark, _, sessionID, err := c.storedTurn(turnID)
	if err != nil {
		return nil, err
	}
	if err := store.ShowVersion(ctx, sessionID, mark.storedBefore, n); err != nil {
		if errors.Is(err, session.ErrNoVersion) {
			return nil, inputf("version", "this turn has no version "+strconv.Itoa(n))
		}
		return nil, inputf("session", "could not switch the version: "+err.Error())
	}
	t, err := store.Load(ctx, sessionID)
	if err != nil {
		return nil, inputf("session", err.Error())
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running {
		return nil, inputf("turn", "stop the running turn first")
	}
	marks, err := c.resumeLocked(t)
	if err != nil {
		return nil, err
	}
	return &Reopened{Transcript: t, Undo: c.storedUndo(marks)}, nil
}

// ForkTurn copies the shown conversation through the end of turnID into a
// new conversation titled "… (fork)", and makes it current.
func (c *Conversation) ForkTurn(ctx context.Context, turnID string) (*Reopened, error) {
	store := c.sessions()
	if store == nil {
		return nil, ErrNoSessions
	}
	_, end, sessionID, err := c.storedTurn(turnID)
	if err != nil {
		return nil, err
	}
	if end == 0 {
		return nil, inputf("turn", "this turn is not saved yet")
	}
	fork, err := store.Fork(ctx, sessionID, end)
	if err != nil {
		return nil, inputf("session", "could not fork the conversation: "+err.Error())
	}
	c.sink.SessionsChanged()
	return c.Reopen(ctx, fork.ID)
}

// storedTurn finds turnID's mark, the id of its last stored message and the
// stored session, refusing while a turn runs.
func (c *Conversation) storedTurn(turnID string) (turnMark, int64, string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running {
		return turnMark{}, 0, "", inputf("turn", "stop the running turn first")
	}
	if c.sessionID == "" {
		return turnMark{}, 0, "", inputf("turn", "this conversation is not saved")
	}
	for i, m := range c.turns {
		if m.id != turnID {
			continue
		}
		end := c.storedTo
		if i+1 < len(c.turns) {
			end = c.turns[i+1].storedBefore
		}
		return m, end, c.sessionID, nil
	}
	return turnMark{}, 0, "", inputf("turn", "this message is no longer part of the conversation")
}
