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
