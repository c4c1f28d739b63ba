package app

import (
	"context"
	"time"
)

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
func (a *App) CompactConversation() (CompactResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	c, err := a.conv.Compact(ctx)
	if err != nil {
		return CompactResult{}, viewErr(err)
	}
	return CompactResult{Changed: c.Changed, Before: c.Before, After: c.After}, nil
}
