package conversation

import (
	"context"
	"errors"
	"path/filepath"
	"time"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/agent/undo"
)

// ErrNoUndo means the conversation was built without an undo store.
var ErrNoUndo = errors.New("undo is not available")

// beginUndo starts recording turn id's file snapshots; nil when undo is
// not available (the turn still runs, the UI just offers no Undo).
func (c *Conversation) beginUndo(id, ws string) *undo.Turn {
	if c.cfg.Undo == nil {
		return nil
	}
	t, err := c.cfg.Undo.Begin(id, ws)
	if err != nil {
		c.sink.Notice(err)
		return nil
	}
	c.through(t)
	return t
}

// stageUndo starts the turn's file snapshots and todo mark; when its done
// event goes out the snapshots are finished and the turn stops being the
// active one.
func stageUndo(_ context.Context, p *prep) error {
	c, t := p.c, p.t
	t.snap = c.beginUndo(t.id, t.ws)
	c.markTodos(t.id, p.todos)
	end := &tools.TurnEnd{}
	if t.snap != nil {
		p.spec.Tools.Snapshot = assembly.Snapshots{Turn: t.snap}
		p.spec.Tools.TurnEnd = end
	}
	t.stream.beforeDone = func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		end.Run(ctx) // what background commands changed belongs to this turn
		cancel()
		// The language servers' last word on each changed file (read at the
		// end, when the languages stage has run) goes on the summary.
		c.finishUndo(t.stream, t.snap, problemsOf(p.spec.Tools.Diagnoser, t.ws))
		c.mu.Lock()
		c.active = ""
		c.mu.Unlock()
	}
	return nil
}

// finishUndo records the state the turn left files in and reports the
// changed files, before the turn's done event.
func (c *Conversation) finishUndo(s *turnStream, t *undo.Turn, problems func(rel string) (errors, warnings int)) {
	if t == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := t.Finish(ctx); err != nil {
		c.sink.Notice(err)
		return
	}
	if files := t.Files(); len(files) > 0 {
		ev := &Changes{Files: files}
		// Line counts and diffs are a courtesy: a failure to compute them
		// still leaves the file list and Undo.
		if changes, err := t.Changes(); err == nil {
			stats := fileChanges(changes, s.red.String, problems)
			ev.Stats = &stats
		}
		s.send(ev)
	}
}

// UndoTurn restores every file turnID changed; files changed since are
// reported as conflicts and left alone unless force.
func (c *Conversation) UndoTurn(ctx context.Context, turnID string, force bool) (*undo.Report, error) {
	return c.moveTurn(ctx, turnID, force, true, (*undo.Turn).Undo)
}

// RedoTurn reapplies an undone turn.
func (c *Conversation) RedoTurn(ctx context.Context, turnID string, force bool) (*undo.Report, error) {
	return c.moveTurn(ctx, turnID, force, false, (*undo.Turn).Redo)
}

func (c *Conversation) moveTurn(ctx context.Context, turnID string, force, undoing bool, move func(*undo.Turn, context.Context, bool) (*undo.Report, error)) (*undo.Report, error) {
	if c.cfg.Undo == nil {
		return nil, ErrNoUndo
	}
	c.mu.Lock()
	busy := c.active != ""
	snapshotID := c.undoID(turnID)
	c.mu.Unlock()
	if busy {
		return nil, inputf("turn", "wait for the running turn to finish (or stop it) before undoing")
	}
	t, err := c.cfg.Undo.Turn(snapshotID)
	if err != nil {
		return nil, inputf("turn", "this turn has no snapshots to undo")
	}
	c.through(t)
	c.keepNewestTodos()
	rep, err := move(t, ctx, force)
	if err == nil {
		c.moveTodos(turnID)
	}
	return rep, err
}

// through makes t read and write where the tools do, so a snapshot is
// of the content the tools changed.
func (c *Conversation) through(t *undo.Turn) {
	if c.cfg.Editor.Files != nil {
		t.Through(c.cfg.Editor.Files)
	}
}

// fileChanges puts a turn's changes on the wire, their diffs redacted.
// problems (nil: none known) counts a file's errors and warnings.
func fileChanges(changes []undo.Change, redact func(string) string, problems func(rel string) (errors, warnings int)) []FileChange {
	var out []FileChange
	for _, c := range changes {
		f := FileChange{Path: c.Path, Created: c.Created, Deleted: c.Deleted,
			Added: c.Added, Removed: c.Removed, Diff: redact(c.Diff), Binary: c.Binary}
		if problems != nil && !c.Deleted {
			f.Errors, f.Warnings = problems(c.Path)
		}
		out = append(out, f)
	}
	return out
}

// problemCounter is a Diagnoser that can say, without waiting, what its
// servers last reported on a file (agent/lsp's Manager).
type problemCounter interface {
	Problems(abs string) (errors, warnings int, ok bool)
}

// problemsOf counts a changed file's problems in ws from d, or nil when d
// cannot tell.
func problemsOf(d tools.Diagnoser, ws string) func(rel string) (int, int) {
	pc, ok := d.(problemCounter)
	if !ok {
		return nil
	}
	return func(rel string) (int, int) {
		e, w, _ := pc.Problems(filepath.Join(ws, filepath.FromSlash(rel)))
		return e, w
	}
}
