package anthropic

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
)

func TestBuildBody(t *testing.T) {
	temp := 0.2
	req := &llm.Request{Model: "claude-sonnet-4-5", Reasoning: "low", Temperature: &temp,
		Messages: []llm.Message{
			{Role: llm.RoleUser, Text: "go"},
			{Role: llm.RoleAssistant, Reasoning: []llm.Reasoning{{Redacted: "ENC=="}, {Text: "from another provider"}},
				ToolCalls: []llm.ToolCall{{ID: "t1", Name: "shell", Args: json.RawMessage(`{}`), RawArgs: `{"cmd": `}}},
			{Role: llm.RoleTool, ToolResults: []llm.ToolResult{{CallID: "t1", Name: "shell", Content: "Error: bad JSON", IsError: true}}},
		}}
	b, err := buildBody(req)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		MaxTokens   int      `json:"max_tokens"`
		Temperature *float64 `json:"temperature"`
		Thinking    struct {
			Type         string `json:"type"`
			BudgetTokens int    `json:"budget_tokens"`
		} `json:"thinking"`
		Messages []struct {
			Role    string           `json:"role"`
			Content []map[string]any `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.Thinking.Type != "enabled" || got.Thinking.BudgetTokens != 2048 || got.MaxTokens <= 2048 || got.Temperature != nil {
		t.Errorf("thinking %+v max %d temp %v", got.Thinking, got.MaxTokens, got.Temperature)
	}
	asst := got.Messages[1].Content
	if len(asst) != 2 || asst[0]["type"] != "redacted_thinking" || asst[0]["data"] != "ENC==" || asst[1]["type"] != "tool_use" {
		t.Errorf("assistant content %v", asst)
	}
	if in, _ := json.Marshal(asst[1]["input"]); string(in) != "{}" {
		t.Errorf("tool_use input %s: must be an object even when the model's JSON was broken", in)
	}
	res := got.Messages[2].Content[0]
	if res["type"] != "tool_result" || res["is_error"] != true || res["tool_use_id"] != "t1" {
		t.Errorf("tool_result %v", res)
	}
	if strings.Contains(string(b), "from another provider") {
		t.Error("unsigned reasoning was replayed")
	}
}

// Caching marks the tools, the system prompt and the last block of the
// conversation, and nothing when it is off.
func TestBuildBodyCacheBreakpoints(t *testing.T) {
	msgs := []llm.Message{
		{Role: llm.RoleUser, Text: "go"},
		{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "t1", Name: "shell", Args: json.RawMessage(`{}`)}}},
		{Role: llm.RoleTool, ToolResults: []llm.ToolResult{{CallID: "t1", Name: "shell", Content: "ok"}}},
	}
	tools := []llm.ToolDef{{Name: "a"}, {Name: "b"}}
	for _, cache := range []bool{true, false} {
		b, err := buildBody(&llm.Request{Model: "claude-sonnet-4-5", System: "sys", Tools: tools, Messages: msgs, Cache: cache})
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			System   []map[string]any `json:"system"`
			Tools    []map[string]any `json:"tools"`
			Messages []struct {
				Content []map[string]any `json:"content"`
			} `json:"messages"`
		}
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		last := got.Messages[len(got.Messages)-1].Content
		marked := []bool{got.Tools[1]["cache_control"] != nil, got.System[0]["cache_control"] != nil, last[len(last)-1]["cache_control"] != nil}
		for i, m := range marked {
			if m != cache {
				t.Errorf("cache %v: breakpoint %d (tools, system, last block) set = %v", cache, i, m)
			}
		}
		if n := strings.Count(string(b), "cache_control"); cache && n != 3 {
			t.Errorf("%d breakpoints, want 3: %s", n, b)
		}
	}
}
