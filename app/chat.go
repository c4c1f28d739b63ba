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

// Send starts a turn with prompt in conversation conv, or queues it behind
// the running one. Every method of Chat that acts on a turn names its
// conversation, so it reaches it whichever one the window shows by then.
func (a *Chat) Send(conv, prompt string) (SendResult, error) {
	if prompt == "" {
		return SendResult{}, invalidf("prompt", "the message is empty")
	}
	c, err := a.conversation(conv)
	if err != nil {
		return SendResult{}, err
	}
	id, queued, err := c.Send(prompt)
	if err != nil {
		return SendResult{}, viewErr(err)
	}
	return SendResult{TurnID: id, Queued: queued}, nil
}

// Stop cancels the running turn and pauses the prompts queued behind it
// (ResumeQueue runs them, RemoveQueued drops one).
func (a *Chat) Stop(conv string) error {
	c, err := a.conversation(conv)
	if err != nil {
		return err
	}
	c.Stop()
	return nil
}

// ResumeQueue runs the prompts Stop paused; TurnID is the one that starts
// now ("" and Queued when it waits behind a running turn).
func (a *Chat) ResumeQueue(conv string) (SendResult, error) {
	c, err := a.conversation(conv)
	if err != nil {
		return SendResult{}, err
	}
	id, err := c.ResumeQueue()
	if err != nil {
		return SendResult{}, viewErr(err)
	}
	return SendResult{TurnID: id, Queued: id == ""}, nil
}

// RemoveQueued drops a queued prompt that has not started.
func (a *Chat) RemoveQueued(conv, turnID string) error {
	c, err := a.conversation(conv)
	if err != nil {
		return err
	}
	return viewErr(c.RemoveQueued(turnID))
}

// Approve answers a pending approval request: allow_once, allow_session or
// deny (with an optional note the model sees).
func (a *Chat) Approve(conv, requestID, decision, note string) error {
	c, err := a.conversation(conv)
	if err != nil {
		return err
	}
	return viewErr(c.Approve(requestID, decision, note))
}

// Regenerate runs turnID's prompt again in place of its answer and of
// everything after it.
func (a *Chat) Regenerate(conv, turnID string) (SendResult, error) {
	return a.resend(conv, turnID, "")
}

// EditAndResend replaces turnID's prompt with text and runs it; the turns
// after it leave the shown conversation but stay in it as an earlier
// version of the turn (SwitchVersion shows them again).
func (a *Chat) EditAndResend(conv, turnID, text string) (SendResult, error) {
	if strings.TrimSpace(text) == "" {
		return SendResult{}, invalidf("prompt", "the message is empty")
	}
	return a.resend(conv, turnID, text)
}

func (a *App) resend(conv, turnID, text string) (SendResult, error) {
	c, err := a.conversation(conv)
	if err != nil {
		return SendResult{}, err
	}
	r, err := c.ResendVersion(turnID, text)
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
func (a *Chat) CompactConversation(conv string) (CompactResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	c, err := a.conversation(conv)
	if err != nil {
		return CompactResult{}, err
	}
	r, err := c.Compact(ctx)
	if err != nil {
		return CompactResult{}, viewErr(err)
	}
	return CompactResult{Changed: r.Changed, Before: r.Before, After: r.After}, nil
}
