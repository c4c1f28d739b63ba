package session

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/redact"
)

func TestContextStartsAtTheLatestSummary(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	sess := mustCreate(t, s, "/ws")
	mustUser(t, s, sess.ID, "q1")
	mustReply(t, s, sess.ID, "a1")
	if _, err := s.AddSummary(ctx, sess.ID, "summary one", Usage{InputTokens: 1}); err != nil {
		t.Fatal(err)
	}
	mustUser(t, s, sess.ID, "q2")
	mustReply(t, s, sess.ID, "a2")
	if _, err := s.AddSummary(ctx, sess.ID, "summary two", Usage{}); err != nil {
		t.Fatal(err)
	}
	mustUser(t, s, sess.ID, "q3")
	turn, _ := s.BeginAssistant(ctx, sess.ID, "", "")
	turn.AppendText("a3 partial")
	turn.ToolStarted(ctx, ToolStart{CallID: "t", Name: "grep", Args: `{"q":"x"}`})
	turn.Finish(ctx, End{State: StateStopped})

	tr := mustLoad(t, s, sess.ID)
	if len(tr.Messages) != 8 {
		t.Fatalf("history has %d messages, want 8", len(tr.Messages))
	}
	var got []string
	for _, m := range tr.Context() {
		got = append(got, string(m.Role)+":"+m.Text)
	}
	want := "summary:summary two|user:q3|assistant:a3 partial"
	if strings.Join(got, "|") != want {
		t.Fatalf("context = %s, want %s", strings.Join(got, "|"), want)
	}
	last := tr.Context()[2]
	if last.State != StateStopped || len(last.ToolCalls) != 1 || last.ToolCalls[0].Status != ToolInterrupted {
		t.Fatalf("stopped step = %+v", last)
	}
	// Without a summary the whole history is the context.
	plain := mustCreate(t, s, "/ws")
	mustUser(t, s, plain.ID, "only")
	if c := mustLoad(t, s, plain.ID).Context(); len(c) != 1 || c[0].Text != "only" {
		t.Fatalf("context = %+v", c)
	}
}

// A stored-secret value planted in every exported field must not survive.
func TestExportRedactsSecrets(t *testing.T) {
	ctx := context.Background()
	const stored = "custom-gateway-secret-9931"
	const openaiKey = "sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56"
	s := openTemp(t)
	sess := mustCreate(t, s, "/ws")
	mustUser(t, s, sess.ID, "my key is "+openaiKey+", use it")
	turn, _ := s.BeginAssistant(ctx, sess.ID, "", "")
	turn.AppendReasoning("the user gave " + stored)
	turn.AppendText("I'll set the header")
	turn.ToolStarted(ctx, ToolStart{CallID: "c", Name: "bash", Args: `{"cmd":"curl -H 'Authorization: Bearer ` + stored + `'"}`})
	turn.ToolFinished(ctx, ToolResult{CallID: "c", Status: ToolError, Output: "echo " + openaiKey,
		FullOutput: "full: " + openaiKey + " ```fence```"})
	turn.Finish(ctx, End{State: StateFailed, Error: "401 for key " + stored})
	tr := mustLoad(t, s, sess.ID)
	r := redact.New(stored)

	for _, f := range []ExportFormat{FormatMarkdown, FormatJSON} {
		var buf bytes.Buffer
		if err := Export(&buf, tr, f, r); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		for _, secret := range []string{stored, openaiKey} {
			if strings.Contains(out, secret) {
				t.Fatalf("%s export leaks %q:\n%s", f, secret, out)
			}
		}
		if !strings.Contains(out, "[REDACTED:stored-secret]") || !strings.Contains(out, "[REDACTED:openai-key]") {
			t.Fatalf("%s export has no redaction markers:\n%s", f, out)
		}
		if f == FormatJSON {
			var back struct {
				FormatVersion int `json:"format_version"`
				Transcript
			}
			if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
				t.Fatalf("JSON export does not parse: %v", err)
			}
			if back.FormatVersion != ExportVersion || len(back.Messages) != 2 || back.Session.ID != sess.ID {
				t.Fatalf("JSON export = %+v", back)
			}
		} else {
			for _, want := range []string{"## User", "## Assistant (failed)", "**Tool `bash`** — error", "````\nfull:"} {
				if !strings.Contains(out, want) {
					t.Fatalf("markdown lacks %q:\n%s", want, out)
				}
			}
		}
	}
	// The transcript itself is not changed by exporting.
	if !strings.Contains(tr.Messages[0].Text, openaiKey) {
		t.Fatal("export modified the loaded transcript")
	}
	if err := Export(&bytes.Buffer{}, tr, "pdf", r); err == nil || !strings.Contains(err.Error(), "md or json") {
		t.Fatalf("unknown format: %v", err)
	}
}
