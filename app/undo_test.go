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
	if _, err := a.h.Chat.Send(a.shownID(), "write the plan"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	waitIdle(t, a)
	if _, err := a.h.Chat.Send(a.shownID(), "just talk"); err != nil {
		t.Fatal(err)
	}
	waitIdle(t, a)
	list, err := a.h.Sessions.ListSessions()
	if err != nil || len(list) != 1 {
		t.Fatalf("ListSessions = %+v, %v", list, err)
	}
	if _, err := a.h.Chat.NewChat(); err != nil {
		t.Fatal(err)
	}
	tr, err := a.h.Sessions.OpenSession(list[0].ID)
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
	if _, err := a.h.Chat.UndoTurn(a.shownID(), wrote, false); err != nil {
		t.Fatalf("undo a reopened turn: %v", err)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Fatal("undo left the created file")
	}
	if tr, _ = a.h.Sessions.OpenSession(list[0].ID); !tr.Undo[wrote].Undone {
		t.Errorf("reopened after undo: %+v", tr.Undo[wrote])
	}
	if _, err := a.h.Chat.RedoTurn(a.shownID(), wrote, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(file); string(got) != "step one\n" {
		t.Errorf("after redo: %q", got)
	}
	if rep, err := a.h.Chat.UndoTurn(a.shownID(), talked, false); err == nil && len(rep.Restored)+len(rep.Deleted) > 0 {
		t.Errorf("undoing the turn that changed nothing changed %+v", rep)
	}
	if got, _ := os.ReadFile(file); string(got) != "step one\n" {
		t.Errorf("after undoing the other turn: %q", got)
	}
}
