package app

import (
	"context"
	"time"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/session"
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
	c := &a.chat
	c.mu.Lock()
	if c.running {
		c.mu.Unlock()
		return CompactResult{}, invalidf("turn", "stop the running turn first")
	}
	ws, history, sessionID := c.workspace, c.history, c.sessionID
	c.mu.Unlock()
	if ws == "" || len(history) == 0 {
		return CompactResult{}, invalidf("conversation", "there is nothing to compact yet")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	built, err := assembly.Build(ctx, a.resolveKey, assembly.Spec{Settings: a.deps.Settings.Get(), Workspace: ws, Getenv: a.deps.Getenv})
	if err != nil {
		return CompactResult{}, err
	}
	var res CompactResult
	summarized := false
	out, changed := built.Agent.Compact(ctx, history, func(e loop.Event) {
		if ce, ok := e.(loop.Compacted); ok {
			if res.Before == 0 {
				res.Before = ce.Before
			}
			res.After = ce.After
			summarized = summarized || ce.Kind == "summary"
		}
	})
	if !changed {
		return res, nil
	}
	res.Changed = true
	var storedTo int64
	if store := a.sessions(); store != nil && sessionID != "" && summarized && len(out) > 0 {
		if m, err := store.AddSummary(ctx, sessionID, out[0].Text, session.Usage{}); err == nil {
			storedTo = m.ID
		}
	}
	c.mu.Lock()
	c.history = out
	c.turns = nil // earlier turns now live in the summary: they cannot be rerun in place
	if storedTo != 0 {
		c.storedTo = storedTo
	}
	c.mu.Unlock()
	return res, nil
}
