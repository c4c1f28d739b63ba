package conversation

import (
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/undo"
)

// TurnUndo is what a stored turn changed, for its Undo control after the
// conversation is reopened.
type TurnUndo struct {
	Files  []string
	Stats  []undo.Change
	Undone bool
}

// undoSnapshots maps stored prompts to their turns' snapshot ids.
func undoSnapshots(msgs []session.Message) map[int64]string {
	out := map[int64]string{}
	for _, m := range msgs {
		if m.Role == session.RoleUser && m.UndoSnapshot != "" {
			out[m.ID] = m.UndoSnapshot
		}
	}
	return out
}

// statsTurns is how many of a reopened conversation's latest changing
// turns get line counts and diffs: each reads its snapshots and diffs
// them, and a long conversation of edits would open that much slower.
// Older turns list their files and can still be undone.
const statsTurns = 50

// storedUndo describes the reopened turns whose snapshots are still kept
// (older ones are pruned by the store's size budget) and changed files.
func (c *Conversation) storedUndo(marks []turnMark) map[string]TurnUndo {
	out := map[string]TurnUndo{}
	if c.cfg.Undo == nil {
		return out
	}
	red := redact.New()
	withStats := 0
	for i := len(marks) - 1; i >= 0; i-- { // latest first
		m := marks[i]
		if m.undoID == "" {
			continue
		}
		t, err := c.cfg.Undo.Turn(m.undoID)
		if err != nil {
			continue
		}
		sum := t.Summary()
		if len(sum.Files) == 0 {
			continue
		}
		v := TurnUndo{Files: sum.Files, Stats: []undo.Change{}, Undone: sum.Undone}
		if withStats == statsTurns {
			out[m.id] = v
			continue
		}
		withStats++
		// Line counts and diffs are a courtesy, as for a live turn.
		if stats, err := t.Changes(); err == nil {
			for i := range stats {
				stats[i].Diff = red.String(stats[i].Diff)
			}
			v.Stats = stats
		}
		out[m.id] = v
	}
	return out
}

// undoID names the snapshots of turnID: a reopened turn's are linked
// from its stored prompt; a turn of this run uses its own id. Called
// with mu held.
func (c *Conversation) undoID(turnID string) string {
	for _, m := range c.turns {
		if m.id == turnID && m.undoID != "" {
			return m.undoID
		}
	}
	return turnID
}
