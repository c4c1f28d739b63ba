package permission

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/tool"
)

// Plan mode lets through only what cannot change anything, even when the
// approval mode would allow everything; an MCP tool runs only when the
// person marked it read-only.
func TestPlanningRefusesWhatCouldChange(t *testing.T) {
	ws := t.TempDir()
	asked := 0
	approver := ApproverFunc(func(context.Context, Request) (Decision, error) {
		asked++
		return Decision{Choice: AllowOnce}, nil
	})
	g := NewGate(Policy{}, ModeAll, approver, ws, nil)
	g.SetPlanning([]string{"mcp__docs__get_*", "mcp__memory__read_graph"})
	tests := []struct {
		name string
		req  Request
		runs bool
	}{
		{"read", Request{Kind: KindRead, Path: "a.txt"}, true},
		{"edit", Request{Kind: KindEdit, Path: "a.txt"}, false},
		{"ls", Request{Kind: KindShell, Command: "ls -la"}, true},
		{"grep", Request{Kind: KindShell, Command: "grep -rn foo ."}, true},
		{"redirect", Request{Kind: KindShell, Command: "echo x > f"}, false},
		{"rm", Request{Kind: KindShell, Command: "rm a.txt"}, false},
		{"git commit", Request{Kind: KindShell, Command: "git commit -am x"}, false},
		{"pipe into sh", Request{Kind: KindShell, Command: "cat a.txt | sh"}, false},
		{"marked mcp", Request{Kind: KindMCP, Path: "mcp__docs__get_page"}, true},
		{"exact mcp", Request{Kind: KindMCP, Path: "mcp__memory__read_graph"}, true},
		{"unmarked mcp", Request{Kind: KindMCP, Path: "mcp__memory__create_entities"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := g.Check(context.Background(), tt.req)
			var denied *tool.DeniedError
			switch {
			case tt.runs && err != nil:
				t.Fatalf("refused: %v", err)
			case !tt.runs && (!errors.As(err, &denied) || !strings.Contains(err.Error(), "plan mode is on")):
				t.Fatalf("got %v, want a plan-mode refusal", err)
			}
		})
	}
	if asked != 0 {
		t.Errorf("plan mode asked the person %d times; a refusal must not ask", asked)
	}
}
