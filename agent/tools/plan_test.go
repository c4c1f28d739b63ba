package tools

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
)

func TestPlanSteps(t *testing.T) {
	tests := []struct {
		name, plan string
		want       []string
	}{
		{"steps heading", "Intro\n- not a step\n## Steps\n1. Read x\n2) Change y\n   - detail\n## Files\n- x.go\n", []string{"Read x", "Change y"}},
		{"checkboxes", "# Implementation steps\n- [ ] one\n- [x] two\n", []string{"one", "two"}},
		{"no headings", "1. a\n2. b\n", []string{"a", "b"}},
		{"no steps heading", "- a\n## Files\n- f.go\n", []string{"a"}},
		{"nothing", "Just prose.", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PlanSteps(tt.plan); !slices.Equal(got, tt.want) {
				t.Errorf("PlanSteps = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestProposePlanHandsOverThePlan(t *testing.T) {
	var got string
	p := &ProposePlan{proposed: func(_ context.Context, md string) { got = md }}
	if _, err := p.Run(context.Background(), json.RawMessage(`{"plan":"  "}`)); err == nil {
		t.Error("an empty plan was accepted")
	}
	if _, err := p.Run(context.Background(), json.RawMessage(`{"plan":"## Steps\n1. x"}`)); err != nil || got != "## Steps\n1. x" {
		t.Fatalf("plan %q, %v", got, err)
	}
}
