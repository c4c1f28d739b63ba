package cli

import (
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/session"
)

// sessions show prints the shown branch and says which version of a turn
// it is; the other versions stay out of it.
func TestSessionsShowSaysWhichVersion(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	s, err := session.Open(ctx, filepath.Join(dir, session.FileName), session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sess, _ := s.Create(ctx, session.NewSession{Workspace: "/ws"})
	answer := func(text string) {
		turn, err := s.BeginAssistant(ctx, sess.ID, "openai", "gpt")
		if err != nil {
			t.Fatal(err)
		}
		turn.AppendText(text)
		if err := turn.Finish(ctx, session.End{State: session.StateComplete}); err != nil {
			t.Fatal(err)
		}
	}
	for i, q := range []string{"Name a fruit", "Name a fruit", "Name a vegetable"} {
		if i > 0 {
			if err := s.Branch(ctx, sess.ID, 0); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.AddUserMessage(ctx, sess.ID, q); err != nil {
			t.Fatal(err)
		}
		answer([]string{"Apple.", "Banana.", "Carrot."}[i])
	}
	if err := s.ShowVersion(ctx, sess.ID, 0, 2); err != nil {
		t.Fatal(err)
	}
	s.Close()

	code, out, errs := runSessionsCLI(t, dir, "show", sess.ID)
	if code != ExitOK {
		t.Fatalf("show exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "## User (version 2 of 3)") || !strings.Contains(out, "Banana.") ||
		strings.Contains(out, "Apple.") || strings.Contains(out, "Carrot.") {
		t.Fatalf("show prints:\n%s", out)
	}
}

// Continuing a session with run --session adds no row (#42).
func TestRunSessionAddsNoRow(t *testing.T) {
	ws, data := t.TempDir(), t.TempDir()
	vars := map[string]string{"HEARTH_DATA_DIR": data}
	srv := newLLMServer(t, textReply("One."), textReply("Two."))
	base := []string{"--workspace", ws, "--provider", "openai-compatible", "--model", "local", "--base-url", srv.srv.URL + "/v1"}
	code, _, errOut := runCLI(t, context.Background(), vars, append(base, "first")...)
	m := regexp.MustCompile(`session (\S+)`).FindStringSubmatch(errOut)
	if code != 0 || m == nil {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, context.Background(), vars, append(base, "--session", m[1], "second")...); code != 0 {
		t.Fatalf("continue: exit %d: %s", code, errOut)
	}
	code, out, errs := runSessionsCLI(t, data, "list", "--json")
	var list []session.Session
	if code != ExitOK || json.Unmarshal([]byte(out), &list) != nil {
		t.Fatalf("list: %d %s %s", code, out, errs)
	}
	if len(list) != 1 {
		t.Fatalf("%d rows after run --session, want 1", len(list))
	}
}
