package session

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/redact"
)

// A plan proposed in plan mode is stored with the session and exported as
// Markdown, not as the call's JSON.
func TestExportShowsProposedPlan(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	sess := mustCreate(t, s, "/ws")
	mustUser(t, s, sess.ID, "plan it")
	turn, _ := s.BeginAssistant(ctx, sess.ID, "", "")
	turn.ToolStarted(ctx, ToolStart{CallID: "p", Name: "propose_plan", Args: `{"plan":"## Steps\n1. Edit a.go\n\n## Risks\n- none"}`})
	turn.ToolFinished(ctx, ToolResult{CallID: "p", Status: ToolOK, Output: "The plan was shown to the user"})
	turn.Finish(ctx, End{State: StateComplete})
	var buf bytes.Buffer
	if err := Export(&buf, mustLoad(t, s, sess.ID), FormatMarkdown, redact.New()); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.Contains(out, "### Proposed plan\n\n## Steps\n1. Edit a.go\n\n## Risks\n- none\n") || strings.Contains(out, `{"plan"`) {
		t.Fatalf("export:\n%s", out)
	}
}
