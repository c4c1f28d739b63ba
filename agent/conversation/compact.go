package conversation

import (
	"context"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/session"
)

// Compaction says what compacting the conversation did, in estimated
// tokens.
type Compaction struct {
	Changed       bool
	Before, After int
}

// Compact shrinks the conversation's context now (old tool results, then a
// summary of older turns keeping every user message verbatim), for when
// the model's window is full. The summary is stored so a resumed session
// starts from it too.
func (c *Conversation) Compact(ctx context.Context) (Compaction, error) {
	c.mu.Lock()
	running := c.running
	c.mu.Unlock()
	if running {
		return Compaction{}, inputf("turn", "stop the running turn first")
	}
	return c.compact(ctx, "")
}

// compact is Compact from inside a turn (/compact focus), focus guiding
// the summary.
func (c *Conversation) compact(ctx context.Context, focus string) (Compaction, error) {
	if err := c.preCompact(ctx, focus); err != nil {
		return Compaction{}, err
	}
	c.mu.Lock()
	ws, history, sessionID, choice := c.workspace, c.history, c.sessionID, c.choice
	c.mu.Unlock()
	if ws == "" || len(history) == 0 {
		return Compaction{}, inputf("conversation", "there is nothing to compact yet")
	}
	st, a := applyChoice(c.cfg.Settings(), c.cfg.Agent, choice)
	built, err := assembly.Build(ctx, c.cfg.Keys, assembly.Spec{Settings: st, ProviderID: a.ProviderID, Model: a.Model,
		Workspace: ws, Getenv: c.cfg.Getenv})
	if err != nil {
		return Compaction{}, err
	}
	var res Compaction
	summarized := false
	out, changed := built.Agent.CompactFocus(ctx, history, focus, func(e loop.Event) {
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
	if store := c.sessions(); store != nil && sessionID != "" && summarized && len(out) > 0 {
		if m, err := store.AddSummary(ctx, sessionID, out[0].Text, session.Usage{}); err == nil {
			storedTo = m.ID
		}
	}
	c.mu.Lock()
	c.history = out
	if summarized {
		c.startSource = "compact"
	}
	c.turns = nil // earlier turns now live in the summary: they cannot be rerun in place
	if storedTo != 0 {
		c.storedTo = storedTo
	}
	c.mu.Unlock()
	return res, nil
}
