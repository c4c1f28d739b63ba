package session

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/redact"
)

// A task call's subagent transcript is stored with the call, redacted,
// copied into a fork, and quoted under the call in a Markdown export.
func TestSubagentTranscriptIsStoredForkedAndExported(t *testing.T) {
	ctx := context.Background()
	const key = "sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56"
	s := openAt(t, filepath.Join(t.TempDir(), FileName), Options{Redact: redact.New().String})
	sess := mustCreate(t, s, "/ws")
	mustUser(t, s, sess.ID, "delegate")
	turn, _ := s.BeginAssistant(ctx, sess.ID, "", "")
	turn.ToolStarted(ctx, ToolStart{CallID: "t1", Name: "task", Args: `{"agent":"explore"}`})
	run := &SubagentRun{Agent: "explore", Description: "find main", Steps: []SubagentStep{
		{Name: "grep", Args: `{"pattern":"func main"}`, Status: ToolOK, Output: "main.go:3 " + key},
		{Text: "main is at main.go:3."}}}
	if err := turn.ToolFinished(ctx, ToolResult{CallID: "t1", Status: ToolOK, Output: "main is at main.go:3.", Subagent: run}); err != nil {
		t.Fatal(err)
	}
	turn.Finish(ctx, End{State: StateComplete})
	tr := mustLoad(t, s, sess.ID)
	got := tr.Messages[1].ToolCalls[0].Subagent
	if got == nil || got.Agent != "explore" || len(got.Steps) != 2 || got.Steps[1].Text != "main is at main.go:3." {
		t.Fatalf("stored %+v", got)
	}
	if strings.Contains(got.Steps[0].Output, key) {
		t.Fatal("a key was stored in a subagent transcript")
	}
	fork, err := s.Fork(ctx, sess.ID, tr.Messages[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	if f := mustLoad(t, s, fork.ID).Messages[1].ToolCalls[0].Subagent; f == nil || len(f.Steps) != 2 {
		t.Fatalf("fork lost the subagent transcript: %+v", f)
	}
	var buf bytes.Buffer
	if err := Export(&buf, tr, FormatMarkdown, redact.New()); err != nil {
		t.Fatal(err)
	}
	if out := buf.String(); !strings.Contains(out, "> Subagent **explore** — find main\n") || !strings.Contains(out, "> main is at main.go:3.\n") {
		t.Fatalf("export:\n%s", out)
	}
}
