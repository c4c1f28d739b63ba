package media

import (
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
)

func TestDocumentsAsText(t *testing.T) {
	doc := llm.Part{Kind: llm.PartDocument, MediaType: "application/pdf", Name: "m.pdf", Data: writePDF(2)}
	scan := llm.Part{Kind: llm.PartDocument, MediaType: "application/pdf", Name: "scan.pdf", Data: []byte("%PDF-1.4 not really")}
	gone := llm.Part{Kind: llm.PartDocument, MediaType: "application/pdf", Name: "gone.pdf"}
	in := []llm.Message{
		{Role: llm.RoleUser, Text: "plain"},
		{Role: llm.RoleUser, Parts: []llm.Part{doc, scan, gone}},
		{Role: llm.RoleTool, ToolResults: []llm.ToolResult{{CallID: "c1", Parts: []llm.Part{doc}}}},
	}
	out := DocumentsAsText(in)
	for _, tc := range []struct {
		name, got, want string
	}{
		{"prompt pdf", out[1].Parts[0].Text, "--- page 2 ---\nPage 2 of the manual"},
		{"unreadable pdf", out[1].Parts[1].Text, "m"},
		{"lost pdf", out[1].Parts[2].Text, "gone.pdf is no longer stored"},
		{"tool pdf", out[2].ToolResults[0].Parts[0].Text, "Page 1 of the manual"},
	} {
		if tc.got == "" || !strings.Contains(tc.got, tc.want) {
			t.Errorf("%s: text %q, want it to contain %q", tc.name, tc.got, tc.want)
		}
	}
	if !strings.Contains(out[1].Parts[1].Text, "scan.pdf") {
		t.Errorf("unreadable pdf not named: %q", out[1].Parts[1].Text)
	}
	if in[1].Parts[0].Text != "" || in[2].ToolResults[0].Parts[0].Text != "" {
		t.Error("the input history was changed")
	}
	again := DocumentsAsText(out)
	if &again[0] != &out[0] {
		t.Error("a history with nothing to extract was copied")
	}
}
