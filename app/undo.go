package app

import (
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/undo"
)

// UndoReport says what undoing or redoing a turn did, by workspace path.
type UndoReport struct {
	Restored  []string `json:"restored"`
	Deleted   []string `json:"deleted"`
	Conflicts []string `json:"conflicts"` // changed since; left alone unless forced
}

// UndoTurn restores every file turnID changed; files changed since are
// reported as conflicts and left alone unless force.
func (a *Chat) UndoTurn(conv, turnID string, force bool) (UndoReport, error) {
	ctx, cancel := a.callCtx(time.Minute)
	defer cancel()
	c, err := a.conversation(conv)
	if err != nil {
		return UndoReport{}, err
	}
	return undoReport(c.UndoTurn(ctx, turnID, force))
}

// RedoTurn reapplies an undone turn.
func (a *Chat) RedoTurn(conv, turnID string, force bool) (UndoReport, error) {
	ctx, cancel := a.callCtx(time.Minute)
	defer cancel()
	c, err := a.conversation(conv)
	if err != nil {
		return UndoReport{}, err
	}
	return undoReport(c.RedoTurn(ctx, turnID, force))
}

func undoReport(r *undo.Report, err error) (UndoReport, error) {
	if err != nil {
		return UndoReport{}, viewErr(err)
	}
	return UndoReport{Restored: nonNil(r.Restored), Deleted: nonNil(r.Deleted), Conflicts: nonNil(r.Conflicts)}, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// TurnUndoView is what a stored turn changed, for its Undo control after
// the conversation is reopened.
type TurnUndoView struct {
	Files  []string      `json:"files"`
	Stats  []undo.Change `json:"stats"`
	Undone bool          `json:"undone"`
}

func turnUndoViews(in map[string]conversation.TurnUndo) map[string]TurnUndoView {
	out := make(map[string]TurnUndoView, len(in))
	for id, u := range in {
		out[id] = TurnUndoView{Files: u.Files, Stats: u.Stats, Undone: u.Undone}
	}
	return out
}
