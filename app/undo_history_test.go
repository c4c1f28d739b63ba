package app

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// A turn's undo outlives the conversation being closed: reopened, the
// stored turn lists what it changed and Undo / Redo still work on it.
func TestReopenedTurnCanBeUndone(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("c1", "write_file", `{"path":"notes/plan.md","content":"step one\n"}`),
		textReply("Written."),
		textReply("Nothing to change."),
	}}
	a, rec, ws := chatApp(t, p, "auto")
	if _, err := a.Send("write the plan"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	waitIdle(a)
	if _, err := a.Send("just talk"); err != nil {
		t.Fatal(err)
	}
	waitIdle(a)
	list, err := a.ListSessions()
	if err != nil || len(list) != 1 {
		t.Fatalf("ListSessions = %+v, %v", list, err)
	}
	if err := a.NewChat(); err != nil {
		t.Fatal(err)
	}
	tr, err := a.OpenSession(list[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	var prompts []string
	for _, m := range tr.Messages {
		if m.Role == "user" {
			prompts = append(prompts, fmt.Sprintf("m%d", m.ID))
		}
	}
	if len(prompts) != 2 {
		t.Fatalf("stored prompts %v", prompts)
	}
	wrote, talked := prompts[0], prompts[1]
	if _, ok := tr.Undo[talked]; ok || len(tr.Undo) != 1 {
		t.Fatalf("undo views %+v: only the turn that wrote changed files", tr.Undo)
	}
	v := tr.Undo[wrote]
	if len(v.Files) != 1 || v.Files[0] != "notes/plan.md" || v.Undone || len(v.Stats) != 1 || v.Stats[0].Added != 1 {
		t.Fatalf("undo view of the writing turn = %+v", v)
	}
	file := filepath.Join(ws, "notes/plan.md")
	if _, err := a.UndoTurn(wrote, false); err != nil {
		t.Fatalf("undo a reopened turn: %v", err)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Fatal("undo left the created file")
	}
	if tr, _ = a.OpenSession(list[0].ID); !tr.Undo[wrote].Undone {
		t.Errorf("reopened after undo: %+v", tr.Undo[wrote])
	}
	if _, err := a.RedoTurn(wrote, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(file); string(got) != "step one\n" {
		t.Errorf("after redo: %q", got)
	}
	if rep, err := a.UndoTurn(talked, false); err == nil && len(rep.Restored)+len(rep.Deleted) > 0 {
		t.Errorf("undoing the turn that changed nothing changed %+v", rep)
	}
	if got, _ := os.ReadFile(file); string(got) != "step one\n" {
		t.Errorf("after undoing the other turn: %q", got)
	}
}

// Only the latest statsTurns changing turns carry line counts and diffs;
// older ones still list their files.
func TestStoredUndoDiffsOnlyTheLatestTurns(t *testing.T) {
	a, _ := newTestApp(t, nil)
	ws := t.TempDir()
	var marks []turnMark
	for i := range statsTurns + 2 {
		id := fmt.Sprintf("turn%03d", i)
		turn, err := a.deps.Undo.Begin(id, ws)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(ws, fmt.Sprintf("f%d.txt", i))
		if err := turn.Before(t.Context(), file); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte("line\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := turn.Finish(t.Context()); err != nil {
			t.Fatal(err)
		}
		marks = append(marks, turnMark{id: fmt.Sprintf("m%d", i), undoID: id})
	}
	marks = append(marks, turnMark{id: "m999", undoID: "pruned-or-never-made"})
	views := a.storedUndo(marks)
	if len(views) != statsTurns+2 {
		t.Fatalf("%d views, want %d", len(views), statsTurns+2)
	}
	for i := range statsTurns + 2 {
		v := views[fmt.Sprintf("m%d", i)]
		wantStats := i >= 2 // the two oldest are past the cap
		if len(v.Files) != 1 || (len(v.Stats) == 1) != wantStats {
			t.Errorf("turn %d: files %v, %d stats; want stats: %v", i, v.Files, len(v.Stats), wantStats)
		}
	}
}
