package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/session"
)

// Search hits and stored sessions carry a workspace's and a model's bytes:
// printed for a person, nothing in them acts on the terminal.
func TestSearchAndSessionsPrintNoTerminalControls(t *testing.T) {
	hostile := "zanzibar \x1b]0;pwned\x07\x1b[2J here"
	ws := writeKnowledgeWS(t, map[string]string{"notes.txt": hostile + "\n"})
	code, out, errs := runKnowledgeCLI(t, "search", "--workspace", ws, "--cache", t.TempDir(), "zanzibar")
	if code != ExitOK || !strings.Contains(out, "notes.txt:1: zanzibar ") || strings.ContainsAny(out, "\x1b\x07") {
		t.Fatalf("search: exit %d, out %q, err %s", code, out, errs)
	}

	dir := t.TempDir()
	ctx := context.Background()
	s, err := session.Open(ctx, filepath.Join(dir, session.FileName), session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := s.Create(ctx, session.NewSession{Workspace: "/ws/\x1b[31mred"})
	s.AddUserMessage(ctx, c.ID, hostile)
	turn, err := s.BeginAssistant(ctx, c.ID, "openai", "gpt")
	if err != nil {
		t.Fatal(err)
	}
	turn.AppendText("answer " + hostile)
	if err := turn.Finish(ctx, session.End{State: session.StateComplete}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	for _, args := range [][]string{{"list"}, {"show", c.ID}} {
		code, out, errs := runSessionsCLI(t, dir, args...)
		if code != ExitOK || !strings.Contains(out, "zanzibar") || strings.ContainsAny(out, "\x1b\x07") {
			t.Errorf("sessions %v: exit %d, out %q, err %s", args, code, out, errs)
		}
	}
}
