package session

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/redact"
)

// A custom endpoint's key set after the store opened (the desktop opens it
// once, at start) is redacted from then on, in the database and exports:
// the store's redactor also removes every registered secret.
func TestKeyRegisteredAfterOpenIsRedacted(t *testing.T) {
	ctx := context.Background()
	const gwKey = "gw-late-custom-endpoint-key-3301"
	dir := t.TempDir()
	s, err := Open(ctx, filepath.Join(dir, FileName), Options{Redact: redact.New().String})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	redact.Register(gwKey) // as secrets.Set does when the key is saved in Settings
	sess := mustCreate(t, s, "/ws")
	mustUser(t, s, sess.ID, "my gateway key is "+gwKey)
	turn, _ := s.BeginAssistant(ctx, sess.ID, "custom:Gateway", "m")
	turn.AppendText("Noted: " + gwKey + "\n")
	turn.ToolStarted(ctx, ToolStart{CallID: "1", Name: "shell", Args: `{"command":"curl -H 'x-key: ` + gwKey + `'"}`})
	turn.ToolFinished(ctx, ToolResult{CallID: "1", Status: ToolOK, Output: "sent " + gwKey})
	if err := turn.Finish(ctx, End{State: StateComplete}); err != nil {
		t.Fatal(err)
	}
	notOnDisk(t, dir, gwKey)
	tr := mustLoad(t, s, sess.ID)
	for _, f := range []ExportFormat{FormatMarkdown, FormatJSON} {
		var b bytes.Buffer
		if err := Export(&b, tr, f, redact.New()); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), gwKey) || !strings.Contains(b.String(), "[REDACTED:stored-secret]") {
			t.Fatalf("%s export: %s", f, b.String())
		}
	}
}

// A secret registered after a hook run was stored is gone from the stored
// run once the step is finished, or recovered after its writer died, and
// the run still sits where it ran in the redacted text.
func TestHookRunRedactedOfASecretRegisteredLater(t *testing.T) {
	for _, tc := range []struct {
		name, secret string
		finish       bool
	}{
		{"finished", "hook-late-secret-finished-5521", true},
		{"recovered", "hook-late-secret-recovered-7734", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			path := filepath.Join(dir, FileName)
			s, err := Open(ctx, path, Options{Redact: redact.New().String})
			if err != nil {
				t.Fatal(err)
			}
			sess := mustCreate(t, s, "/ws")
			turn, _ := s.BeginAssistant(ctx, sess.ID, "openai", "m")
			turn.AppendText("Using " + tc.secret + "\n")
			run := HookRun{Event: "PostToolUse", Command: "./log.sh " + tc.secret, Output: "logged " + tc.secret, Problem: "slow " + tc.secret}
			if err := turn.HookRan(ctx, run); err != nil {
				t.Fatal(err)
			}
			redact.Register(tc.secret) // as secrets.Set does when a key is saved mid-turn
			if tc.finish {
				if err := turn.Finish(ctx, End{State: StateComplete}); err != nil {
					t.Fatal(err)
				}
			}
			s.Close()
			s2 := openAt(t, path, Options{Redact: redact.New().String})
			tr := mustLoad(t, s2, sess.ID)
			hooks := tr.Messages[0].Hooks
			if len(hooks) != 1 {
				t.Fatalf("hooks = %+v", hooks)
			}
			h := hooks[0]
			if h.Command != "./log.sh [REDACTED:stored-secret]" || h.Output != "logged [REDACTED:stored-secret]" || h.Problem != "slow [REDACTED:stored-secret]" {
				t.Fatalf("stored hook run = %+v", h)
			}
			if want := len("Using [REDACTED:stored-secret]\n"); h.TextOffset != want {
				t.Fatalf("hook offset %d, want %d (the end of the redacted text)", h.TextOffset, want)
			}
			s2.Close()
			notOnDisk(t, dir, tc.secret)
		})
	}
}
