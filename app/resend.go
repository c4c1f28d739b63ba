package app

import (
	"context"
	"strings"
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
}

// Regenerate runs turnID's prompt again in place of its answer and of
// everything after it.
func (a *App) Regenerate(turnID string) (SendResult, error) {
	return a.resend(turnID, "")
}

// EditAndResend replaces turnID's prompt with text and runs it; the turns
// after it are dropped from this conversation. The stored conversation is
// forked first, so the old branch stays in the sessions list.
func (a *App) EditAndResend(turnID, text string) (SendResult, error) {
	if strings.TrimSpace(text) == "" {
		return SendResult{}, invalidf("prompt", "the message is empty")
	}
	return a.resend(turnID, text)
}

func (a *App) resend(turnID, text string) (SendResult, error) {
	c := &a.chat
	c.mu.Lock()
	if c.running {
		c.mu.Unlock()
		return SendResult{}, invalidf("turn", "stop the running turn first")
	}
	idx := -1
	for i, m := range c.turns {
		if m.id == turnID {
			idx = i
		}
	}
	if idx < 0 {
		c.mu.Unlock()
		return SendResult{}, invalidf("turn", "this message is no longer part of the conversation")
	}
	mark := c.turns[idx]
	if text == "" {
		text = mark.prompt
	}
	sessionID := c.sessionID
	c.history = c.history[:mark.historyStart:mark.historyStart]
	c.turns = c.turns[:idx]
	c.mu.Unlock()

	if err := a.branchStoredSession(sessionID, mark.storedBefore); err != nil {
		return SendResult{}, err
	}
	return a.Send(text)
}

// branchStoredSession points the chat at a fork of the stored session
// holding only the messages before the resent turn (a new session when
// the turn was the first).
func (a *App) branchStoredSession(sessionID string, through int64) error {
	if a.sessions() == nil || sessionID == "" {
		return nil
	}
	next, last := "", int64(0)
	if through > 0 {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		fork, err := a.sessions().Fork(ctx, sessionID, through)
		if err != nil {
			return invalidf("session", "could not branch the conversation: "+err.Error())
		}
		// The fork's messages have ids of their own: later turns mark
		// their place by the fork's last one.
		t, err := a.sessions().Load(ctx, fork.ID)
		if err != nil {
			return invalidf("session", "could not read the branched conversation: "+err.Error())
		}
		next, last = fork.ID, lastID(t.Messages)
	}
	a.chat.mu.Lock()
	a.chat.sessionID, a.chat.storedTo = next, last
	a.chat.mu.Unlock()
	a.emit(SessionsEventName, nil)
	return nil
}
