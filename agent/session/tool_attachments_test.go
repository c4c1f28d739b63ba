package session

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/redact"
)

// A tool's images are stored with its call (not the prompt), come back on
// load, and go into exports embedded or linked like a prompt's.
func TestToolCallAttachmentsAreStoredAndExported(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	sess := mustCreate(t, s, "/ws")
	if _, err := s.AddUserMessage(ctx, sess.ID, "read the screenshot"); err != nil {
		t.Fatal(err)
	}
	img := []byte("\x89PNG what the tool read")
	turn, err := s.BeginAssistant(ctx, sess.ID, "anthropic", "claude")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"c1", "c2"} {
		if err := turn.ToolStarted(ctx, ToolStart{CallID: id, Name: "read_file", Args: `{}`}); err != nil {
			t.Fatal(err)
		}
	}
	if err := turn.ToolFinished(ctx, ToolResult{CallID: "c2", Status: ToolOK, Output: "shot.png: PNG image",
		Attachments: []Attachment{{Kind: "image", MediaType: "image/png", Name: "shot.png", Data: img}}}); err != nil {
		t.Fatal(err)
	}
	if err := turn.ToolFinished(ctx, ToolResult{CallID: "c1", Status: ToolOK, Output: "text only"}); err != nil {
		t.Fatal(err)
	}
	if err := turn.Finish(ctx, End{State: StateComplete}); err != nil {
		t.Fatal(err)
	}
	tr := mustLoad(t, s, sess.ID)
	calls := tr.Messages[1].ToolCalls
	if len(tr.Messages[1].Attachments) != 0 || len(calls) != 2 || len(calls[0].Attachments) != 0 || len(calls[1].Attachments) != 1 {
		t.Fatalf("loaded %+v", tr.Messages[1])
	}
	a := calls[1].Attachments[0]
	if !bytes.Equal(a.Data, img) || a.SHA256 == "" || a.Size != len(img) {
		t.Fatalf("attachment %+v", a)
	}
	if mt, data, err := s.AttachmentData(ctx, sess.ID, a.SHA256); err != nil || mt != "image/png" || !bytes.Equal(data, img) {
		t.Errorf("AttachmentData = %q, %v", mt, err)
	}

	var md bytes.Buffer
	if err := ExportWith(&md, tr, FormatMarkdown, redact.New(), EmbedAttachments); err != nil {
		t.Fatal(err)
	}
	if want := "![shot.png](<data:image/png;base64," + base64.StdEncoding.EncodeToString(img) + ">)"; !strings.Contains(md.String(), want) {
		t.Errorf("Markdown lacks the tool's image:\n%s", md.String())
	}
	var js bytes.Buffer
	if err := ExportWith(&js, tr, FormatJSON, redact.New(), LinkAttachments); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Messages []struct {
			ToolCalls []struct {
				CallID      string `json:"call_id"`
				Output      string
				Attachments []struct{ Name, Path, Data string } `json:"attachments"`
			} `json:"tool_calls"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	got := doc.Messages[1].ToolCalls
	if len(got) != 2 || got[1].CallID != "c2" || got[1].Output != "shot.png: PNG image" || len(got[1].Attachments) != 1 ||
		got[1].Attachments[0].Path != a.Path || got[1].Attachments[0].Data != "" {
		t.Errorf("JSON tool calls %+v", got)
	}
}
