package conformance

import (
	"encoding/json"
	"testing"
)

// checkSent asserts what the client put on the wire for history().
func checkSent(t *testing.T, wire string, rec *recorded) {
	t.Helper()
	b, _ := json.Marshal(rec.body)
	var got map[string]any
	_ = json.Unmarshal(b, &got)
	if got["stream"] != true {
		t.Errorf("stream = %v, want true", got["stream"])
	}
	if got["model"] != "test-model" {
		t.Errorf("model = %v", got["model"])
	}
	if wire == "anthropic" {
		checkAnthropicSent(t, rec, got)
		return
	}
	if rec.path != "/v1/chat/completions" {
		t.Errorf("path = %s", rec.path)
	}
	if h := rec.header.Get("Authorization"); h != "Bearer sk-test" {
		t.Errorf("Authorization = %q", h)
	}
	var req struct {
		Messages []struct {
			Role       string  `json:"role"`
			Content    *string `json:"content"`
			ToolCallID string  `json:"tool_call_id"`
			ToolCalls  []struct {
				ID       string `json:"id"`
				Function struct{ Name, Arguments string }
			} `json:"tool_calls"`
		} `json:"messages"`
		Tools []struct {
			Function struct{ Name string } `json:"function"`
		} `json:"tools"`
		StreamOptions struct {
			IncludeUsage bool `json:"include_usage"`
		} `json:"stream_options"`
	}
	mustDecode(t, b, &req)
	roles := ""
	for _, m := range req.Messages {
		roles += m.Role + " "
	}
	if roles != "system user assistant tool user " {
		t.Fatalf("roles = %q", roles)
	}
	if c := req.Messages[2].ToolCalls; len(c) != 1 || c[0].ID != "call_1" || c[0].Function.Arguments != `{"path":"notes.txt"}` {
		t.Errorf("assistant tool_calls = %+v", c)
	}
	if m := req.Messages[3]; m.ToolCallID != "call_1" || m.Content == nil || *m.Content != "buy milk" {
		t.Errorf("tool message = %+v", m)
	}
	if len(req.Tools) != 2 || req.Tools[0].Function.Name != "list_dir" || req.Tools[1].Function.Name != "read_file" {
		t.Errorf("tools = %+v", req.Tools)
	}
	if !req.StreamOptions.IncludeUsage {
		t.Error("stream_options.include_usage not set")
	}
}

func checkAnthropicSent(t *testing.T, rec *recorded, got map[string]any) {
	t.Helper()
	if rec.path != "/v1/messages" {
		t.Errorf("path = %s", rec.path)
	}
	if rec.header.Get("x-api-key") != "sk-test" || rec.header.Get("anthropic-version") == "" {
		t.Errorf("headers = %v", rec.header)
	}
	b, _ := json.Marshal(got)
	var req struct {
		MaxTokens int `json:"max_tokens"`
		System    []struct {
			Text         string
			CacheControl *struct{ Type string } `json:"cache_control"`
		} `json:"system"`
		Tools []struct {
			Name         string
			CacheControl *struct{ Type string } `json:"cache_control"`
		} `json:"tools"`
		Messages []struct {
			Role    string `json:"role"`
			Content []struct {
				Type      string          `json:"type"`
				Text      string          `json:"text"`
				Thinking  string          `json:"thinking"`
				Signature string          `json:"signature"`
				ID        string          `json:"id"`
				Input     json.RawMessage `json:"input"`
				ToolUseID string          `json:"tool_use_id"`
				Content   string          `json:"content"`
			} `json:"content"`
		} `json:"messages"`
	}
	mustDecode(t, b, &req)
	if req.MaxTokens <= 0 {
		t.Errorf("max_tokens = %d", req.MaxTokens)
	}
	if len(req.System) != 1 || req.System[0].Text != "You are Hearth." || req.System[0].CacheControl == nil || req.System[0].CacheControl.Type != "ephemeral" {
		t.Errorf("system = %+v", req.System)
	}
	if len(req.Tools) != 2 || req.Tools[0].CacheControl != nil || req.Tools[1].CacheControl == nil {
		t.Errorf("tools cache_control = %+v", req.Tools)
	}
	if len(req.Messages) != 3 {
		t.Fatalf("messages = %d, want 3 (user, assistant, user with tool_result+text)", len(req.Messages))
	}
	asst := req.Messages[1].Content
	if len(asst) != 3 || asst[0].Type != "thinking" || asst[0].Signature != "sig-abc==" || asst[0].Thinking != "I should read it." ||
		asst[1].Type != "text" || asst[2].Type != "tool_use" || asst[2].ID != "call_1" || string(asst[2].Input) != `{"path":"notes.txt"}` {
		t.Errorf("assistant content = %+v", asst)
	}
	user := req.Messages[2]
	if user.Role != "user" || len(user.Content) != 2 || user.Content[0].Type != "tool_result" ||
		user.Content[0].ToolUseID != "call_1" || user.Content[0].Content != "buy milk" || user.Content[1].Text != "And summarise it." {
		t.Errorf("tool result message = %+v", user)
	}
}

func mustDecode(t *testing.T, b []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("decoding the sent request: %v", err)
	}
}
