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

// Resent is a turn run again as a new version of itself.
type Resent struct {
	TurnID string
	Queued bool
	// Version and Versions place the new turn among its versions (the
	// newest is the last); both are 0 without a sessions store.
	Version, Versions int
}

// Resend takes the conversation back to just before turnID and runs its
// prompt again, or text in its place when text is not empty.
func (c *Conversation) Resend(turnID, text string) (newTurnID string, queued bool, err error) {
	r, err := c.ResendVersion(turnID, text)
	return r.TurnID, r.Queued, err
}

// ResendVersion is Resend reporting the version it starts. The turn and
// everything after it stay in the stored conversation as an earlier version
// (SwitchVersion shows it again), so the sessions list keeps one row; a
// failed last turn is run again in place instead, as it is worth nothing.
func (c *Conversation) ResendVersion(turnID, text string) (Resent, error) {
	c.mu.Lock()
	if c.running {
		c.mu.Unlock()
		return Resent{}, inputf("turn", "stop the running turn first")
	}
	idx := -1
	for i, m := range c.turns {
		if m.id == turnID {
			idx = i
		}
	}
	if idx < 0 {
		c.mu.Unlock()
		return Resent{}, inputf("turn", "this message is no longer part of the conversation")
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
		return Resent{}, err
	}
	n := c.storedVersions(sessionID, mark.storedBefore)
	id, queued, err := c.Send(text)
	if err != nil {
		return Resent{}, err
	}
	r := Resent{TurnID: id, Queued: queued}
	if n > 0 {
		r.Version, r.Versions = n+1, n+1
	}
	return r, nil
}

// storedVersions counts the stored versions of the turn after message
// through (0 when unknown).
func (c *Conversation) storedVersions(sessionID string, through int64) int {
	store := c.sessions()
	if store == nil || sessionID == "" {
		return 0
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	n, err := store.Versions(ctx, sessionID, through)
	if err != nil {
		return 0
	}
	return n
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

// branchStoredSession hides the stored messages after through, keeping
// them as an earlier version, so the resent turn is stored as the next
// version in the same session.
func (c *Conversation) branchStoredSession(sessionID string, through int64) error {
	store := c.sessions()
	if store == nil || sessionID == "" {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := store.Branch(ctx, sessionID, through); err != nil {
		return inputf("session", "could not keep the earlier version: "+err.Error())
	}
	c.mu.Lock()
	c.storedTo = through
	c.mu.Unlock()
	return nil
}
