package acp

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/session"
)

func TestACPPromptInput(t *testing.T) {
	png := "iVBORw0KGgo=" // base64 of the PNG signature
	for _, tc := range []struct {
		name      string
		blocks    []sdk.ContentBlock
		wantText  string
		wantFiles []string
		wantErr   string
	}{
		{"text and a link", []sdk.ContentBlock{sdk.TextBlock("look at "), sdk.ResourceLinkBlock("main.go", "file:///w/main.go"), sdk.TextBlock(" please")},
			"look at [@main.go](file:///w/main.go) please", nil, ""},
		{"an embedded file follows the text", []sdk.ContentBlock{sdk.TextBlock("fix it\n"),
			sdk.ResourceBlock(sdk.EmbeddedResourceResource{TextResourceContents: &sdk.TextResourceContents{Uri: "file:///w/a.go", Text: "package a"}})},
			"fix it\n\n<context ref=\"file:///w/a.go\">\npackage a\n</context>", nil, ""},
		{"an image is attached", []sdk.ContentBlock{sdk.TextBlock("what is this"), sdk.ImageBlock(png, "image/png")},
			"what is this", []string{"image-2.png"}, ""},
		{"a binary resource is attached by its name", []sdk.ContentBlock{
			sdk.ResourceBlock(sdk.EmbeddedResourceResource{BlobResourceContents: &sdk.BlobResourceContents{Uri: "file:///w/doc.pdf", Blob: png}})},
			"", []string{"doc.pdf"}, ""},
		{"audio is refused", []sdk.ContentBlock{{Audio: &sdk.ContentBlockAudio{Data: png, MimeType: "audio/wav", Type: "audio"}}},
			"", nil, "audio"},
		{"bad base64 is refused", []sdk.ContentBlock{sdk.ImageBlock("%%%", "image/png")}, "", nil, "not base64"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, err := PromptInput(tc.blocks)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one saying %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if in.Text != tc.wantText {
				t.Errorf("text = %q, want %q", in.Text, tc.wantText)
			}
			if len(in.Files) != len(tc.wantFiles) {
				t.Fatalf("files = %v, want %v", in.Files, tc.wantFiles)
			}
			for i, f := range in.Files {
				if f.Name != tc.wantFiles[i] || len(f.Data) != 8 {
					t.Errorf("file %d = %s (%d bytes), want %s (8 bytes)", i, f.Name, len(f.Data), tc.wantFiles[i])
				}
			}
		})
	}
}

func TestACPStopReason(t *testing.T) {
	for _, tc := range []struct {
		name    string
		res     loop.Result
		failure *conversation.TurnError
		want    sdk.StopReason
		wantErr string
	}{
		{"done", loop.Result{}, nil, sdk.StopReasonEndTurn, ""},
		{"the model declined", loop.Result{Refused: true}, nil, sdk.StopReasonRefusal, ""},
		{"stopped", loop.Result{Stopped: true, Err: errors.New("canceled")}, nil, sdk.StopReasonCancelled, ""},
		{"out of model calls", loop.Result{Err: &loop.TurnErr{Class: loop.ClassMaxIterations}}, &conversation.TurnError{Class: "max_iterations"}, sdk.StopReasonMaxTurnRequests, ""},
		{"a loop of calls", loop.Result{Err: errors.New("x")}, &conversation.TurnError{Class: "tool_loop"}, sdk.StopReasonMaxTurnRequests, ""},
		{"a provider failure is an error", loop.Result{Err: errors.New("x")}, &conversation.TurnError{Class: "auth", Message: "401 bad key"}, "", "401 bad key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := StopReason(tc.res, tc.failure)
			if tc.wantErr != "" {
				var re *sdk.RequestError
				if !errors.As(err, &re) || !strings.Contains(string(mustJSON(t, re.Data)), tc.wantErr) {
					t.Fatalf("err = %v, want a request error saying %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("StopReason = %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestACPPermission(t *testing.T) {
	req := PermissionRequest("s1", conversation.ApprovalRequest{RequestID: "r1", CallID: "c1", Tool: "shell", Kind: "shell",
		Summary: "not read-only", Headline: "Run make", Detail: "make"})
	got := string(mustJSON(t, req))
	want := `{"options":[{"kind":"allow_once","name":"Allow once","optionId":"allow_once"},{"kind":"allow_always","name":"Allow for this session","optionId":"allow_session"},{"kind":"reject_once","name":"Reject","optionId":"deny"}],"sessionId":"s1","toolCall":{"content":[{"content":{"text":"make","type":"text"},"type":"content"}],"kind":"execute","status":"pending","title":"Run make","toolCallId":"c1"}}`
	if got != want {
		t.Errorf("request:\n got %s\nwant %s", got, want)
	}
	for _, tc := range []struct {
		outcome      sdk.RequestPermissionOutcome
		want, wantNt string
	}{
		{sdk.NewRequestPermissionOutcomeSelected("allow_once"), "allow_once", ""},
		{sdk.NewRequestPermissionOutcomeSelected("allow_session"), "allow_session", ""},
		{sdk.NewRequestPermissionOutcomeSelected("deny"), "deny", "rejected in the editor"},
		{sdk.NewRequestPermissionOutcomeSelected("something else"), "deny", "rejected in the editor"},
		{sdk.NewRequestPermissionOutcomeCancelled(), "deny", "the editor cancelled the request"},
	} {
		d, note := Decision(tc.outcome)
		if d != tc.want || note != tc.wantNt {
			t.Errorf("Decision(%s) = %q, %q; want %q, %q", mustJSON(t, tc.outcome), d, note, tc.want, tc.wantNt)
		}
	}
}

func TestACPReplay(t *testing.T) {
	tr := &session.Transcript{
		Session: session.Session{ID: "s", Todos: []session.Todo{{Content: "ship", Status: "in_progress"}}},
		Messages: []session.Message{
			{Role: session.RoleUser, Text: "expanded", Typed: "/fix"},
			{Role: session.RoleAssistant, Reasoning: "think", Text: "Reading. Done.", ToolCalls: []session.ToolCall{
				{CallID: "c1", Name: "read_file", Args: `{"path":"a.go"}`, Status: session.ToolOK, Output: "x", TextOffset: 9}}},
			{Role: session.RoleUser, Text: "hook says go on", Origin: "hook:Stop"},
		},
	}
	got := updateJSON(t, Replay(tr, "/w"))
	want := []string{
		`{"content":{"text":"/fix","type":"text"},"sessionUpdate":"user_message_chunk"}`,
		`{"content":{"text":"think","type":"text"},"sessionUpdate":"agent_thought_chunk"}`,
		`{"content":{"text":"Reading. ","type":"text"},"sessionUpdate":"agent_message_chunk"}`,
		`{"kind":"read","locations":[{"path":"/w/a.go"}],"rawInput":{"path":"a.go"},"sessionUpdate":"tool_call","status":"in_progress","title":"Read a.go","toolCallId":"c1"}`,
		`{"content":[{"content":{"text":"x","type":"text"},"type":"content"}],"sessionUpdate":"tool_call_update","status":"completed","title":"Read a.go · 0 lines","toolCallId":"c1"}`, // the summary of the stored output, which has no numbered lines
		`{"content":{"text":"Done.","type":"text"},"sessionUpdate":"agent_message_chunk"}`,
		`{"entries":[{"content":"ship","priority":"medium","status":"in_progress"}],"sessionUpdate":"plan"}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("replay:\n got %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
}

func TestACPMCPEntries(t *testing.T) {
	got, err := MCPEntries([]sdk.McpServer{
		{Stdio: &sdk.McpServerStdio{Name: "fs", Command: "mcp-fs", Args: []string{"-r"}, Env: []sdk.EnvVariable{{Name: "A", Value: "1"}}}},
		{Http: &sdk.McpServerHttpInline{Name: "web", Type: "http", Url: "https://x/mcp", Headers: []sdk.HttpHeader{{Name: "Authorization", Value: "Bearer t"}}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Name != "fs" || got[0].Command != "mcp-fs" || got[0].Env["A"] != "1" || got[0].Scope != "run" ||
		got[1].URL != "https://x/mcp" || got[1].Headers["Authorization"] != "Bearer t" || got[1].Type != "http" {
		t.Fatalf("entries = %+v", got)
	}
	if _, err := MCPEntries([]sdk.McpServer{{Stdio: &sdk.McpServerStdio{Command: "x"}}}); err == nil {
		t.Fatal("a server without a name was taken")
	}
}
