package app

import (
	"context"
	"errors"
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

// beginUndo starts recording turn id's file snapshots; nil when undo is
// not available (the turn still runs, the UI just offers no Undo).
func (a *App) beginUndo(id, ws string) *undo.Turn {
	if a.deps.Undo == nil {
		return nil
	}
	t, err := a.deps.Undo.Begin(id, ws)
	if err != nil {
		a.emit("notice", FormatError(err))
		return nil
	}
	return t
}

// finishUndo records the state the turn left files in and reports the
// changed files to the UI, before the turn's done event.
func (a *App) finishUndo(s *turnStream, t *undo.Turn) {
	if t == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := t.Finish(ctx); err != nil {
		a.emit("notice", FormatError(err))
		return
	}
	if files := t.Files(); len(files) > 0 {
		ev := &conversation.Changes{Files: files}
		// Line counts and diffs are a courtesy: a failure to compute them
		// still leaves the file list and Undo.
		if changes, err := t.Changes(); err == nil {
			stats := fileChanges(changes, s.red.String)
			ev.Stats = &stats
		}
		s.send(ev)
	}
}

// UndoTurn restores every file turnID changed; files changed since are
// reported as conflicts and left alone unless force.
func (a *App) UndoTurn(turnID string, force bool) (UndoReport, error) {
	return a.moveTurn(turnID, force, (*undo.Turn).Undo)
}

// RedoTurn reapplies an undone turn.
func (a *App) RedoTurn(turnID string, force bool) (UndoReport, error) {
	return a.moveTurn(turnID, force, (*undo.Turn).Redo)
}

func (a *App) moveTurn(turnID string, force bool, move func(*undo.Turn, context.Context, bool) (*undo.Report, error)) (UndoReport, error) {
	if a.deps.Undo == nil {
		return UndoReport{}, errors.New("undo is not available")
	}
	a.chat.mu.Lock()
	busy := a.chat.active != ""
	snapshotID := a.chat.undoID(turnID)
	a.chat.mu.Unlock()
	if busy {
		return UndoReport{}, invalidf("turn", "wait for the running turn to finish (or stop it) before undoing")
	}
	t, err := a.deps.Undo.Turn(snapshotID)
	if err != nil {
		return UndoReport{}, invalidf("turn", "this turn has no snapshots to undo")
	}
	ctx, cancel := a.callCtx(time.Minute)
	defer cancel()
	r, err := move(t, ctx, force)
	if err != nil {
		return UndoReport{}, err
	}
	return UndoReport{Restored: nonNil(r.Restored), Deleted: nonNil(r.Deleted), Conflicts: nonNil(r.Conflicts)}, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// fileChanges puts a turn's changes on the wire, their diffs redacted.
func fileChanges(changes []undo.Change, redact func(string) string) []conversation.FileChange {
	var out []conversation.FileChange
	for _, c := range changes {
		out = append(out, conversation.FileChange{Path: c.Path, Created: c.Created, Deleted: c.Deleted,
			Added: c.Added, Removed: c.Removed, Diff: redact(c.Diff), Binary: c.Binary})
	}
	return out
}
