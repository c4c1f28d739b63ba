package app

import "strings"

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
	id, queued, err := a.conv.Resend(turnID, text)
	if err != nil {
		return SendResult{}, viewErr(err)
	}
	return SendResult{TurnID: id, Queued: queued}, nil
}
