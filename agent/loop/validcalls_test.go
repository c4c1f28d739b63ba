package loop

import (
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/tool"
)

func TestSanitizeCalls(t *testing.T) {
	ts, err := newToolset([]tool.Tool{echoTool("read_file"), echoTool("mcp.tool")})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		in       llm.ToolCall
		wantName string
		keepID   bool
		checkHas string
	}{
		{"empty name", llm.ToolCall{ID: "a", Name: ""}, invalidToolName, true, "no valid tool name"},
		{"blank name", llm.ToolCall{ID: "b", Name: "  "}, invalidToolName, true, "no valid tool name"},
		{"malformed name", llm.ToolCall{ID: "c", Name: "read file; rm"}, invalidToolName, true, "no valid tool name"},
		{"unknown but well-formed", llm.ToolCall{ID: "d", Name: "delete_all"}, "delete_all", true, `no tool named "delete_all"`},
		{"registered name of any shape", llm.ToolCall{ID: "e", Name: "mcp.tool"}, "mcp.tool", true, ""},
		{"no id", llm.ToolCall{Name: "read_file"}, "read_file", false, ""},
		{"repeated id", llm.ToolCall{ID: "a", Name: "read_file"}, "read_file", false, ""},
		{"bad json", llm.ToolCall{ID: "f", Name: "", RawArgs: "{oops"}, invalidToolName, true, "{oops"},
	}
	calls := make([]llm.ToolCall, len(tests))
	for i, tt := range tests {
		calls[i] = tt.in
	}
	out := ts.sanitize(calls)
	ids := map[string]bool{}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := out[i]
			if c.Name != tt.wantName {
				t.Errorf("name %q, want %q", c.Name, tt.wantName)
			}
			if c.ID == "" || ids[c.ID] {
				t.Errorf("id %q is empty or repeated", c.ID)
			}
			ids[c.ID] = true
			if tt.keepID && c.ID != tt.in.ID {
				t.Errorf("id %q changed to %q", tt.in.ID, c.ID)
			}
			if string(c.Args) != "{}" {
				t.Errorf("args %s, want {}", c.Args)
			}
			if msg := ts.check(c); tt.checkHas != "" && !strings.Contains(msg, tt.checkHas) {
				t.Errorf("check = %q, want it to say %q", msg, tt.checkHas)
			}
		})
	}
}
