package permission

import (
	"context"
	"testing"

	"github.com/hearth-agent/hearth/agent/tool"
)

// Every call allowed without asking says what allowed it; a call a person
// answered, or one allowed by default, says nothing.
func TestGateNotesWhoAllowed(t *testing.T) {
	ws := t.TempDir()
	policy := Policy{Rules: []Rule{
		{Kind: KindShell, Pattern: "make *", Effect: Allow},
		{Kind: KindEdit, Pattern: "docs/**", Effect: Allow},
	}}
	grants := &Grants{}
	grants.add(Rule{Kind: KindShell, Pattern: "go test *", Effect: Allow})
	grants.add(Rule{Kind: KindEdit, Pattern: "src/**", Effect: Allow})
	asker := &recorder{d: Decision{Choice: AllowOnce}}
	tests := []struct {
		name string
		mode Mode
		req  Request
		want *tool.Allowance
	}{
		{"read by default", ModeNever, Request{Kind: KindRead, Path: "a"}, nil},
		{"read-only shell", ModeNever, shellReq("ls -la"), &tool.Allowance{By: tool.AllowedByReadOnly}},
		{"saved shell rule", ModeNever, shellReq("make build"), &tool.Allowance{By: tool.AllowedByRule, Detail: "make *"}},
		{"session shell grant", ModeNever, shellReq("ls && go test ./x"), &tool.Allowance{By: tool.AllowedBySession, Detail: "go test *"}},
		{"saved edit rule", ModeNever, editReq("docs/a.md"), &tool.Allowance{By: tool.AllowedByRule, Detail: "docs/**"}},
		{"session edit grant", ModeNever, editReq("src/a.go"), &tool.Allowance{By: tool.AllowedBySession, Detail: "src/**"}},
		{"mode", ModeEdits, editReq("a.go"), &tool.Allowance{By: tool.AllowedByMode, Detail: "edits"}},
		{"a person answered", ModeNever, editReq("a.go"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGate(policy, tt.mode, asker, ws, grants)
			ctx, got := tool.WithAllowance(context.Background())
			if err := g.Check(ctx, tt.req); err != nil {
				t.Fatal(err)
			}
			switch a := got(); {
			case tt.want == nil && a != nil:
				t.Errorf("allowance %+v, want none", *a)
			case tt.want != nil && (a == nil || *a != *tt.want):
				t.Errorf("allowance %v, want %+v", a, *tt.want)
			}
		})
	}
}
