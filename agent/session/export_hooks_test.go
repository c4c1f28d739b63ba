package session

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/redact"
)

// Hook runs are exported where they ran (the prompt's under the prompt, a
// step's after the call they followed), redacted by the export's redactor.
func TestExportShowsHookRunsRedacted(t *testing.T) {
	ctx := context.Background()
	const secret = "export-hook-secret-90417"
	s := openTemp(t)
	sess := mustCreate(t, s, "/ws")
	p := mustUser(t, s, sess.ID, "clean up")
	if err := s.AddHookRun(ctx, p.ID, HookRun{Event: "UserPromptSubmit", Command: "./ctx.sh", Output: "branch main " + secret}); err != nil {
		t.Fatal(err)
	}
	turn, _ := s.BeginAssistant(ctx, sess.ID, "", "")
	turn.AppendText("Removing it.")
	turn.ToolStarted(ctx, ToolStart{CallID: "c1", Name: "shell", Args: `{"command":"rm x"}`})
	if err := turn.HookRan(ctx, HookRun{Event: "PreToolUse", Command: "./guard.sh " + secret, ExitCode: 2, Output: "no rm", Blocked: true, After: "c1"}); err != nil {
		t.Fatal(err)
	}
	turn.ToolFinished(ctx, ToolResult{CallID: "c1", Status: ToolDenied, Output: "blocked by a hook"})
	turn.ToolStarted(ctx, ToolStart{CallID: "c2", Name: "list_dir", Args: `{}`})
	turn.ToolFinished(ctx, ToolResult{CallID: "c2", Status: ToolOK, Output: "a.go"})
	turn.Finish(ctx, End{State: StateComplete})
	tr := mustLoad(t, s, sess.ID)

	var md bytes.Buffer
	if err := Export(&md, tr, FormatMarkdown, redact.New(secret)); err != nil {
		t.Fatal(err)
	}
	out := md.String()
	prompt := strings.Index(out, "**Hook `UserPromptSubmit`** `./ctx.sh` — exit 0\n\n```\nbranch main [REDACTED:stored-secret]\n```")
	guard := strings.Index(out, "**Hook `PreToolUse`** `./guard.sh [REDACTED:stored-secret]` — exit 2, blocked\n\n```\nno rm\n```")
	if prompt < 0 || guard < 0 || strings.Contains(out, secret) {
		t.Fatalf("markdown export:\n%s", out)
	}
	if c1, c2 := strings.Index(out, "**Tool `shell`**"), strings.Index(out, "**Tool `list_dir`**"); !(prompt < strings.Index(out, "## Assistant") && c1 < guard && guard < c2) {
		t.Fatalf("hooks not where they ran (prompt %d, shell %d, guard %d, list_dir %d):\n%s", prompt, c1, guard, c2, out)
	}

	var js bytes.Buffer
	if err := Export(&js, tr, FormatJSON, redact.New(secret)); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Messages []struct {
			Hooks []HookRun `json:"hooks"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(js.String(), secret) || len(doc.Messages) != 2 || len(doc.Messages[0].Hooks) != 1 || len(doc.Messages[1].Hooks) != 1 ||
		doc.Messages[1].Hooks[0].After != "c1" || doc.Messages[1].Hooks[0].Command != "./guard.sh [REDACTED:stored-secret]" {
		t.Fatalf("JSON export: %s", js.String())
	}
}
