package app

import (
	"os"
	"path/filepath"
	"testing"
)

// A reopened conversation's tool rows read as they did live: each call's
// summary, and a command that exited 1 with its exit code.
func TestReopenedToolRowsKeepTheirSummaries(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("c1", "read_file", `{"path":"notes.txt"}`),
		toolReply("c2", "shell", `{"command":"grep -q bread notes.txt"}`),
		textReply("No bread."),
	}}
	a, rec, ws := chatApp(t, p, "ask")
	os.WriteFile(filepath.Join(ws, "notes.txt"), []byte("milk\n"), 0o644)
	if _, err := a.h.Chat.Send(a.shownID(), "bread?"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	waitIdle(t, a)
	list, err := a.h.Sessions.ListSessions()
	if err != nil || len(list) != 1 {
		t.Fatalf("sessions %v, %v", list, err)
	}
	tr, err := a.h.Sessions.OpenSession(list[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := tr.Calls["c1"]; got.Summary != "Read notes.txt · 1 line" || got.ExitCode != nil {
		t.Errorf("read row %+v", got)
	}
	if got := tr.Calls["c2"]; got.Summary != "Ran grep -q bread notes.txt · exit 1" || got.ExitCode == nil || *got.ExitCode != 1 {
		t.Errorf("shell row %+v", got)
	}
}
