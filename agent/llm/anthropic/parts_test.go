package anthropic

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/llm/llmtest"
)

func TestMediaBlocksOnTheWire(t *testing.T) {
	png := []byte("\x89PNG fake")
	tests := []struct {
		name string
		msgs []llm.Message
		want string
	}{
		{"user image and document", []llm.Message{{Role: llm.RoleUser, Text: "what is in the picture", Parts: []llm.Part{
			{Kind: llm.PartImage, MediaType: "image/png", Data: png},
			{Kind: llm.PartDocument, MediaType: "application/pdf", Name: "a.pdf", Data: []byte("%PDF"), Text: "[page 1]"}}}},
			`[{"role":"user","content":[{"type":"text","text":"what is in the picture"},` +
				`{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORyBmYWtl"}},` +
				`{"type":"document","source":{"type":"base64","media_type":"application/pdf","data":"JVBERg=="},"title":"a.pdf"}]}]`},
		{"image inside tool_result", []llm.Message{
			{Role: llm.RoleUser, Text: "look"},
			{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "c1", Name: "read_file", Args: json.RawMessage(`{"path":"a.png"}`)}}},
			{Role: llm.RoleTool, ToolResults: []llm.ToolResult{{CallID: "c1", Name: "read_file", Content: "a.png: PNG 2×1", Parts: []llm.Part{{Kind: llm.PartImage, MediaType: "image/png", Data: png}}}}},
		},
			`[{"role":"user","content":[{"type":"text","text":"look"}]},` +
				`{"role":"assistant","content":[{"type":"tool_use","id":"c1","name":"read_file","input":{"path":"a.png"}}]},` +
				`{"role":"user","content":[{"type":"tool_result","tool_use_id":"c1","content":[{"type":"text","text":"a.png: PNG 2×1"},` +
				`{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORyBmYWtl"}}]}]}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, bodies := llmtest.Anthropic(t, 200, "")
			c := New(Config{BaseURL: srv.URL + "/v1", HTTP: srv.Client(), APIKey: "k"})
			resp, err := c.Stream(context.Background(), &llm.Request{Model: "claude-sonnet-4-5", Messages: tt.msgs}, func(llm.Delta) {})
			if err != nil || resp.Message.Text != "ok" {
				t.Fatalf("stream: %v %+v", err, resp)
			}
			var w struct {
				Messages json.RawMessage `json:"messages"`
			}
			if err := json.Unmarshal(bodies.All()[0], &w); err != nil {
				t.Fatal(err)
			}
			if got := string(w.Messages); got != tt.want {
				t.Errorf("messages\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestModelRefusingImages(t *testing.T) {
	srv, _ := llmtest.Anthropic(t, 400, `{"type":"error","error":{"type":"invalid_request_error","message":"This model does not support image input."}}`)
	c := New(Config{BaseURL: srv.URL + "/v1", HTTP: srv.Client(), APIKey: "k"})
	_, err := c.Stream(context.Background(), &llm.Request{Model: "claude-x", Messages: []llm.Message{
		{Role: llm.RoleUser, Parts: []llm.Part{{Kind: llm.PartImage, MediaType: "image/png", Data: []byte("x")}}}}}, func(llm.Delta) {})
	if !errors.Is(err, llm.ErrNoVision) || !strings.Contains(err.Error(), "this model can't see images") {
		t.Errorf("err = %v", err)
	}
}
