package app

import (
	"context"
	"strings"
	"time"
)

// SendResult identifies the turn a prompt starts (or waits for).
type SendResult struct {
	TurnID string `json:"turnId"`
	Queued bool   `json:"queued"`
	// Version and Versions place a regenerated or edited turn among the
	// versions of its turn (0 when it has one).
	Version  int `json:"version,omitempty"`
	Versions int `json:"versions,omitempty"`
}

// Send starts a turn with prompt, or queues it behind the running one.
func (a *Chat) Send(prompt string) (SendResult, error) {
	if prompt == "" {
		return SendResult{}, invalidf("prompt", "the message is empty")
	}
	id, queued, err := a.chat().Send(prompt)
	if err != nil {
		return SendResult{}, viewErr(err)
	}
	return SendResult{TurnID: id, Queued: queued}, nil
}

// Stop cancels the running turn and pauses the prompts queued behind it
// (ResumeQueue runs them, RemoveQueued drops one).
func (a *Chat) Stop() { a.chat().Stop() }

// ResumeQueue runs the prompts Stop paused; TurnID is the one that starts
// now ("" and Queued when it waits behind a running turn).
func (a *Chat) ResumeQueue() (SendResult, error) {
	id, err := a.chat().ResumeQueue()
	if err != nil {
		return SendResult{}, viewErr(err)
	}
	return SendResult{TurnID: id, Queued: id == ""}, nil
}

// RemoveQueued drops a queued prompt that has not started.
func (a *Chat) RemoveQueued(turnID string) error { return viewErr(a.chat().RemoveQueued(turnID)) }

// Approve answers a pending approval request: allow_once, allow_session or
// deny (with an optional note the model sees).
func (a *Chat) Approve(requestID, decision, note string) error {
	return viewErr(a.chat().Approve(requestID, decision, note))
}

// Regenerate runs turnID's prompt again in place of its answer and of
// everything after it.
func (a *Chat) Regenerate(turnID string) (SendResult, error) {
	return a.resend(turnID, "")
}

// EditAndResend replaces turnID's prompt with text and runs it; the turns
// after it leave the shown conversation but stay in it as an earlier
// version of the turn (SwitchVersion shows them again).
func (a *Chat) EditAndResend(turnID, text string) (SendResult, error) {
	if strings.TrimSpace(text) == "" {
		return SendResult{}, invalidf("prompt", "the message is empty")
	}
	return a.resend(turnID, text)
}

func (a *App) resend(turnID, text string) (SendResult, error) {
	r, err := a.chat().ResendVersion(turnID, text)
	if err != nil {
		return SendResult{}, viewErr(err)
	}
	return SendResult{TurnID: r.TurnID, Queued: r.Queued, Version: r.Version, Versions: r.Versions}, nil
}

// CompactResult says what compacting the conversation did, in estimated
// tokens.
type CompactResult struct {
	Changed bool `json:"changed"`
	Before  int  `json:"before"`
	After   int  `json:"after"`
}

// CompactConversation shrinks the conversation's context now (old tool
// results, then a summary of older turns keeping every user message
// verbatim), for when the model's window is full. The summary is stored so
// a resumed session starts from it too.
func (a *Chat) CompactConversation() (CompactResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	c, err := a.chat().Compact(ctx)
	if err != nil {
		return CompactResult{}, viewErr(err)
	}
	return CompactResult{Changed: c.Changed, Before: c.Before, After: c.After}, nil
}
