package cli

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// The done-when for subagents: a task call with agent explore makes
// the provider receive a second conversation whose tools include no
// writing tool, and its answer returns to the main agent as the result.
func TestRunTaskExploreIsASeparateReadOnlyConversation(t *testing.T) {
	ws := t.TempDir()
	args, _ := json.Marshal(map[string]string{"agent": "explore", "description": "find main", "prompt": "Where is main defined?"})
	s := newLLMServer(t,
		toolReply("t1", "task", string(args)),
		textReply("main is in main.go:1."),
		textReply("The explorer says main.go:1."))
	code, out, errOut := runCLI(t, context.Background(), map[string]string{"HOME": t.TempDir()}, "--workspace", ws, "--provider", "openai-compatible",
		"--model", "m", "--base-url", s.srv.URL+"/v1", "--json", "find main")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.bodies) != 3 {
		t.Fatalf("%d requests", len(s.bodies))
	}
	sub := s.bodies[1]
	var tools []string
	for _, tl := range sub["tools"].([]any) {
		tools = append(tools, tl.(map[string]any)["function"].(map[string]any)["name"].(string))
	}
	for _, w := range []string{"write_file", "edit_file", "shell", "task"} {
		if slices.Contains(tools, w) {
			t.Errorf("explore was offered %s: %v", w, tools)
		}
	}
	msgs := sub["messages"].([]any)
	if sys := msgs[0].(map[string]any)["content"].(string); !strings.HasPrefix(sys, "You are explore,") || len(msgs) != 2 {
		t.Errorf("the subagent's conversation is not its own: %v", msgs)
	}
	parent := s.bodies[2]["messages"].([]any)
	result := parent[len(parent)-1].(map[string]any)
	if result["role"] != "tool" || result["content"] != "main is in main.go:1." {
		t.Errorf("task result sent to the main agent: %v", result)
	}
	if !strings.Contains(out, `"type":"tool_result","id":"t1"`) && !strings.Contains(out, `"id":"t1"`) {
		t.Errorf("output %s", out)
	}
}
