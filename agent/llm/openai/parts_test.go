package openai

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/llm/llmtest"
)

func messagesOf(t *testing.T, body []byte) string {
	t.Helper()
	var w struct {
		Messages json.RawMessage `json:"messages"`
	}
	if err := json.Unmarshal(body, &w); err != nil {
		t.Fatal(err)
	}
	return string(w.Messages)
}

func TestImagePartsOnTheWire(t *testing.T) {
	png := []byte("\x89PNG fake")
	img := llm.Part{Kind: llm.PartImage, MediaType: "image/png", Data: png, Detail: "high"}
	tests := []struct {
		name string
		msgs []llm.Message
		want string
	}{
		{"user image", []llm.Message{{Role: llm.RoleUser, Text: "what is in the picture", Parts: []llm.Part{img}}},
			`[{"role":"user","content":[{"type":"text","text":"what is in the picture"},{"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORyBmYWtl","detail":"high"}}]}]`},
		{"document as extracted text", []llm.Message{{Role: llm.RoleUser, Text: "sum up", Parts: []llm.Part{{Kind: llm.PartDocument, MediaType: "application/pdf", Name: "a.pdf", Data: []byte("%PDF"), Text: "[page 1]\nhello"}}}},
			`[{"role":"user","content":"sum up\n\n[page 1]\nhello"}]`},
		{"tool result image follows as user message", []llm.Message{
			{Role: llm.RoleUser, Text: "look"},
			{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "c1", Name: "read_file", Args: json.RawMessage(`{"path":"a.png"}`)}}},
			{Role: llm.RoleTool, ToolResults: []llm.ToolResult{{CallID: "c1", Name: "read_file", Content: "a.png: PNG 2×1, 9 bytes", Parts: []llm.Part{{Kind: llm.PartImage, MediaType: "image/png", Data: png}}}}},
		},
			`[{"role":"user","content":"look"},{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"read_file","arguments":"{\"path\":\"a.png\"}"}}]},` +
				`{"role":"tool","content":"a.png: PNG 2×1, 9 bytes","tool_call_id":"c1"},` +
				`{"role":"user","content":[{"type":"text","text":"Output of tool read_file (call c1), attached by the tool, not written by the user:"},{"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORyBmYWtl"}}]}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, bodies := llmtest.OpenAI(t, 200, "")
			c := New(Config{BaseURL: srv.URL + "/v1", HTTP: srv.Client()})
			resp, err := c.Stream(context.Background(), &llm.Request{Model: "gpt-4o", Messages: tt.msgs}, func(llm.Delta) {})
			if err != nil || resp.Message.Text != "ok" {
				t.Fatalf("stream: %v %+v", err, resp)
			}
			if got := messagesOf(t, bodies.All()[0]); got != tt.want {
				t.Errorf("messages\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestDocumentWithoutTextRefused(t *testing.T) {
	srv, bodies := llmtest.OpenAI(t, 200, "")
	c := New(Config{BaseURL: srv.URL + "/v1", HTTP: srv.Client()})
	_, err := c.Stream(context.Background(), &llm.Request{Model: "m", Messages: []llm.Message{
		{Role: llm.RoleUser, Parts: []llm.Part{{Kind: llm.PartDocument, MediaType: "application/pdf", Name: "scan.pdf", Data: []byte("%PDF")}}}}}, func(llm.Delta) {})
	if !errors.Is(err, llm.ErrDocumentUnsupported) || !strings.Contains(err.Error(), "scan.pdf") {
		t.Errorf("err = %v", err)
	}
	if len(bodies.All()) != 0 {
		t.Error("the request was sent")
	}
}

func TestModelRefusingImages(t *testing.T) {
	for _, body := range []string{
		`{"error":{"message":"Invalid content type. image_url is only supported by certain models.","type":"invalid_request_error"}}`,
		`{"error":{"message":"model does not support image input","code":400}}`,
	} {
		srv, _ := llmtest.OpenAI(t, 400, body)
		c := New(Config{BaseURL: srv.URL + "/v1", HTTP: srv.Client()})
		_, err := c.Stream(context.Background(), &llm.Request{Model: "text-only", Messages: []llm.Message{
			{Role: llm.RoleUser, Text: "see", Parts: []llm.Part{{Kind: llm.PartImage, MediaType: "image/png", Data: []byte("x")}}}}}, func(llm.Delta) {})
		if !errors.Is(err, llm.ErrNoVision) || llm.ClassOf(err) != llm.ClassNoVision || !strings.Contains(err.Error(), "this model can't see images") {
			t.Errorf("%s: err = %v (class %s)", body, err, llm.ClassOf(err))
		}
	}
}
