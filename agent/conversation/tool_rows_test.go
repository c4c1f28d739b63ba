package conversation

import (
	"os"
	"path/filepath"
	"testing"
)

// toolFinished returns the tool_finished events of a turn.
func (e *events) toolFinished(turnID string) []*ToolFinished {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []*ToolFinished
	for _, ev := range e.list {
		if f, ok := ev.(*ToolFinished); ok && f.TurnID == turnID {
			out = append(out, f)
		}
	}
	return out
}

// A shell command exiting 1 reaches the chat as a failed call with its
// exit code and a one-line summary; every call has its summary.
func TestToolRowsTellTheTruth(t *testing.T) {
	c, ev, _, ws := newConversation(t,
		call("c1", "shell", `{"command":"grep -q bread notes.txt"}`),
		call("c2", "read_file", `{"path":"notes.txt"}`),
		text("No bread."))
	if err := os.WriteFile(filepath.Join(ws, "notes.txt"), []byte("milk\neggs\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	id, _, err := c.Send("is there bread?")
	if err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id)
	fin := ev.toolFinished(id)
	if len(fin) != 2 {
		t.Fatalf("tool_finished events %+v", fin)
	}
	sh, rd := fin[0], fin[1]
	if sh.Status != "failed" || sh.ExitCode == nil || *sh.ExitCode != 1 || sh.Summary != "Ran grep -q bread notes.txt · exit 1" {
		t.Errorf("shell row %+v (exit %v)", sh, sh.ExitCode)
	}
	if rd.Status != "succeeded" || rd.ExitCode != nil || rd.Summary != "Read notes.txt · 2 lines" {
		t.Errorf("read row %+v", rd)
	}
	if sh.AllowedBy == nil || sh.AllowedBy.By != "read-only" || rd.AllowedBy != nil {
		t.Errorf("allowed by: shell %+v, read %+v; want read-only and nothing", sh.AllowedBy, rd.AllowedBy)
	}
}
