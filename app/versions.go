package app

import "time"

// SwitchVersion shows, in conversation conv, version (1-based) of
// turnID's turn and the newest branch after it; the next prompt continues
// what is shown.
func (a *Chat) SwitchVersion(conv, turnID string, version int) (TranscriptView, error) {
	ctx, cancel := a.callCtx(10 * time.Second)
	defer cancel()
	c, err := a.conversation(conv)
	if err != nil {
		return TranscriptView{}, err
	}
	r, err := c.SwitchVersion(ctx, turnID, version)
	if err != nil {
		return TranscriptView{}, viewErr(err)
	}
	return transcriptView(r), nil
}

// ForkTurn copies the conversation through turnID into a new conversation,
// titled "… (fork)", and opens it.
func (a *Chat) ForkTurn(conv, turnID string) (TranscriptView, error) {
	ctx, cancel := a.callCtx(10 * time.Second)
	defer cancel()
	c, err := a.conversation(conv)
	if err != nil {
		return TranscriptView{}, err
	}
	r, err := c.ForkTurn(ctx, turnID)
	if err != nil {
		return TranscriptView{}, viewErr(err)
	}
	return transcriptView(r), nil
}
