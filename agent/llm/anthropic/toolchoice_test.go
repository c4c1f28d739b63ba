package anthropic

import (
	"encoding/json"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
)

func TestToolChoiceOnTheWire(t *testing.T) {
	tools := []llm.ToolDef{{Name: "get_weather"}}
	tests := []struct {
		name      string
		tools     []llm.ToolDef
		choice    llm.ToolChoice
		reasoning string
		want      string // the raw tool_choice, "" for absent
		thinking  bool
	}{
		{"auto is the default", tools, llm.ToolChoice{}, "", "", false},
		{"none", tools, llm.ToolChoice{Mode: llm.ToolChoiceNone}, "", `{"type":"none"}`, false},
		{"required is any", tools, llm.ToolChoice{Mode: llm.ToolChoiceRequired}, "", `{"type":"any"}`, false},
		{"named is tool", tools, llm.ToolChoice{Name: "get_weather"}, "", `{"type":"tool","name":"get_weather"}`, false},
		{"forced drops thinking", tools, llm.ToolChoice{Mode: llm.ToolChoiceRequired}, "low", `{"type":"any"}`, false},
		{"auto keeps thinking", tools, llm.ToolChoice{}, "low", "", true},
		{"no tools, no choice", nil, llm.ToolChoice{Name: "x"}, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := buildBody(&llm.Request{Model: "claude-sonnet-4-5", Tools: tt.tools, ToolChoice: tt.choice, Reasoning: tt.reasoning,
				Messages: []llm.Message{{Role: llm.RoleUser, Text: "hi"}}})
			if err != nil {
				t.Fatal(err)
			}
			var w struct {
				ToolChoice json.RawMessage `json:"tool_choice"`
				Thinking   json.RawMessage `json:"thinking"`
			}
			if err := json.Unmarshal(b, &w); err != nil {
				t.Fatal(err)
			}
			if got := string(w.ToolChoice); got != tt.want {
				t.Errorf("tool_choice %s, want %s", got, tt.want)
			}
			if got := w.Thinking != nil; got != tt.thinking {
				t.Errorf("thinking %s, want present=%v", w.Thinking, tt.thinking)
			}
		})
	}
}
