package app

import (
	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/undo"
)

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
