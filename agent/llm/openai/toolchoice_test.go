package openai

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/llm/llmtest"
)

func TestToolChoiceOnTheWire(t *testing.T) {
	tools := []llm.ToolDef{{Name: "get_weather"}}
	tests := []struct {
		name   string
		tools  []llm.ToolDef
		choice llm.ToolChoice
		want   string // the raw tool_choice, "" for absent
	}{
		{"auto is the server's default", tools, llm.ToolChoice{}, ""},
		{"none", tools, llm.ToolChoice{Mode: llm.ToolChoiceNone}, `"none"`},
		{"required", tools, llm.ToolChoice{Mode: llm.ToolChoiceRequired}, `"required"`},
		{"named", tools, llm.ToolChoice{Name: "get_weather"}, `{"function":{"name":"get_weather"},"type":"function"}`},
		{"no tools, no choice", nil, llm.ToolChoice{Mode: llm.ToolChoiceRequired}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, bodies := llmtest.OpenAI(t, 200, "")
			c := New(Config{BaseURL: srv.URL + "/v1", HTTP: srv.Client()})
			req := &llm.Request{Model: "m", Tools: tt.tools, ToolChoice: tt.choice,
				Messages: []llm.Message{{Role: llm.RoleUser, Text: "hi"}}}
			if _, err := c.Stream(context.Background(), req, func(llm.Delta) {}); err != nil {
				t.Fatal(err)
			}
			var w struct {
				ToolChoice json.RawMessage `json:"tool_choice"`
			}
			if err := json.Unmarshal(bodies.All()[0], &w); err != nil {
				t.Fatal(err)
			}
			if got := string(w.ToolChoice); got != tt.want {
				t.Errorf("tool_choice %s, want %s", got, tt.want)
			}
		})
	}
}
