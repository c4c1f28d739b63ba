package session

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/redact"
)

// With a redactor configured, a key typed by the user, printed by a tool or
// streamed by the model (even split across flushes) never stays on disk.
func TestRedactBeforeStoring(t *testing.T) {
	ctx := context.Background()
	const key = "sk-proj-Zq81Lm27Xc94Vb35Nn60Aa12Ss34Dd56Ff78"
	const stored = "gateway-passphrase-77123"
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	r := redact.New(stored)
	s, err := Open(ctx, path, Options{Redact: r.String})
	if err != nil {
		t.Fatal(err)
	}
	sess := mustCreate(t, s, "/ws")
	mustUser(t, s, sess.ID, "use "+key+" please")
	turn, _ := s.BeginAssistant(ctx, sess.ID, "", "")
	turn.AppendText("I will use " + key[:14])
	if err := turn.Flush(ctx); err != nil { // half the key: held back, its line has not ended
		t.Fatal(err)
	}
	notOnDisk(t, dir, key[:14]) // not even for the length of the step
	turn.AppendText(key[14:] + " now")
	turn.AppendReasoning("password " + stored)
	turn.ToolStarted(ctx, ToolStart{CallID: "1", Name: "bash", Args: `{"cmd":"echo ` + stored + `"}`})
	turn.ToolFinished(ctx, ToolResult{CallID: "1", Status: ToolOK, Output: stored, FullOutput: stored + "\n" + key})
	if err := turn.Finish(ctx, End{State: StateFailed, Error: "rejected " + key}); err != nil {
		t.Fatal(err)
	}
	// A dead writer's step is redacted when it is recovered.
	crashed, _ := s.BeginAssistant(ctx, sess.ID, "", "")
	crashed.AppendText("crash " + key + "\n")
	crashed.Flush(ctx)
	s.Close()
	s2 := openAt(t, path, Options{Redact: r.String})

	tr := mustLoad(t, s2, sess.ID)
	all := tr.Session.Title
	for _, m := range tr.Messages {
		all += m.Text + m.Reasoning + m.Error
		for _, c := range m.ToolCalls {
			all += c.Args + c.Output + c.FullOutput
		}
	}
	if strings.Contains(all, key) || strings.Contains(all, stored) {
		t.Fatalf("secret stored: %s", all)
	}
	if got := tr.Messages[1].Text; got != "I will use [REDACTED:openai-key] now" {
		t.Fatalf("streamed text = %q", got)
	}
	if off := tr.Messages[1].ToolCalls[0].TextOffset; off != len("I will use [REDACTED:openai-key] now") {
		t.Fatalf("tool call offset %d does not follow the redacted text", off)
	}
	if tr.Messages[2].State != StateInterrupted || !strings.Contains(tr.Messages[2].Text, "[REDACTED:") {
		t.Fatalf("recovered step = %+v", tr.Messages[2])
	}
	if hits, _ := s2.Search(ctx, "Zq81Lm27Xc94Vb35Nn60Aa12Ss34Dd56Ff78", SearchOptions{}); len(hits) != 0 {
		t.Fatalf("key is searchable: %+v", hits)
	}
	s2.Close()
	// Nor in the bytes of the database files.
	notOnDisk(t, dir, key, key[:14], key[14:], stored)
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("database mode = %v, %v; want 0600", info.Mode(), err)
	}
}

// notOnDisk fails when a database file in dir (the WAL included) holds
// one of the secrets.
func notOnDisk(t *testing.T, dir string, secrets ...string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, FileName+"*"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue // the writer-lock directory
		}
		for _, secret := range secrets {
			if bytes.Contains(b, []byte(secret)) {
				t.Fatalf("%s holds %q in clear", filepath.Base(f), secret)
			}
		}
	}
}
