package conversation

import (
	"context"
	"time"
)

// turnMark remembers where a turn starts, in memory and in the stored
// session, so the conversation can be taken back to just before it.
type turnMark struct {
	id           string
	prompt       string
	historyStart int    // len(history) before the turn
	storedBefore int64  // id of the last stored message before the turn; 0 if none
	undoID       string // the turn's undo snapshots, when not id (a reopened turn)
	failed       bool   // the turn ended in an error, so nothing of it is worth keeping
}

// Resend takes the conversation back to just before turnID and runs its
// prompt again, or text in its place when text is not empty. The stored
// conversation is forked first, so the old branch stays in the sessions
// list; a failed last turn is run again in place instead, so a retry
// leaves no second row behind.
func (c *Conversation) Resend(turnID, text string) (newTurnID string, queued bool, err error) {
	c.mu.Lock()
	if c.running {
		c.mu.Unlock()
		return "", false, inputf("turn", "stop the running turn first")
	}
	idx := -1
	for i, m := range c.turns {
		if m.id == turnID {
			idx = i
		}
	}
	if idx < 0 {
		c.mu.Unlock()
		return "", false, inputf("turn", "this message is no longer part of the conversation")
	}
	mark := c.turns[idx]
	if text == "" {
		text = mark.prompt
	}
	sessionID := c.sessionID
	inPlace := mark.failed && idx == len(c.turns)-1
	c.history = c.history[:mark.historyStart:mark.historyStart]
	c.turns = c.turns[:idx]
	c.mu.Unlock()

	branch := c.branchStoredSession
	if inPlace {
		branch = c.truncateStoredSession
	}
	if err := branch(sessionID, mark.storedBefore); err != nil {
		return "", false, err
	}
	return c.Send(text)
}

// truncateStoredSession drops the stored messages after through, keeping
// the session, for a failed turn run again.
func (c *Conversation) truncateStoredSession(sessionID string, through int64) error {
	store := c.sessions()
	if store == nil || sessionID == "" {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := store.Truncate(ctx, sessionID, through); err != nil {
		return inputf("session", "could not take the conversation back: "+err.Error())
	}
	c.mu.Lock()
	c.storedTo = through
	c.mu.Unlock()
	c.sink.SessionsChanged()
	return nil
}

// branchStoredSession points the conversation at a fork of the stored
// session holding only the messages before the resent turn (a new session
// when the turn was the first).
func (c *Conversation) branchStoredSession(sessionID string, through int64) error {
	store := c.sessions()
	if store == nil || sessionID == "" {
		return nil
	}
	next, last := "", int64(0)
	if through > 0 {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		fork, err := store.Fork(ctx, sessionID, through)
		if err != nil {
			return inputf("session", "could not branch the conversation: "+err.Error())
		}
		// The fork's messages have ids of their own: later turns mark
		// their place by the fork's last one.
		t, err := store.Load(ctx, fork.ID)
		if err != nil {
			return inputf("session", "could not read the branched conversation: "+err.Error())
		}
		next, last = fork.ID, lastID(t.Messages)
	}
	c.mu.Lock()
	c.sessionID, c.storedTo = next, last
	c.mu.Unlock()
	c.sink.SessionsChanged()
	return nil
}
