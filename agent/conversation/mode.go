package conversation

import (
	"context"
	"strings"

	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
)

// Modes a conversation works in: plan (nothing changes; the model ends
// with a plan) and the approval modes of Settings.
const (
	ModePlan  = "plan"
	ModeAsk   = "ask"
	ModeEdits = "edits"
	ModeAuto  = "auto"
)

// Modes lists the modes in the order Shift+Tab cycles them.
var Modes = []string{ModePlan, ModeAsk, ModeEdits, ModeAuto}

// SetMode sets the conversation's mode (its choice's, as the picker and
// /mode set it) from the next turn on; "" goes back to the configured
// approval mode.
func (c *Conversation) SetMode(mode string) error {
	switch mode {
	case "", ModePlan, ModeAsk, ModeEdits, ModeAuto:
	default:
		return inputf("mode", "must be one of "+strings.Join(Modes, ", "))
	}
	c.mu.Lock()
	c.choice.Mode = mode
	c.mu.Unlock()
	c.saveMode()
	return nil
}

// Mode is the conversation's mode ("" until one is set).
func (c *Conversation) Mode() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.choice.Mode
}

// PendingPlan is the plan the last plan-mode turn proposed and nobody has
// approved yet, "" when there is none.
func (c *Conversation) PendingPlan() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.plan
}

// ApprovePlan accepts the pending plan: the conversation switches to mode
// (edits or ask, or auto), the plan's steps become the todo list, and the
// returned instruction is the prompt that starts the work (send it).
func (c *Conversation) ApprovePlan(mode string) (instruction string, err error) {
	if mode != ModeAsk && mode != ModeEdits && mode != ModeAuto {
		return "", inputf("mode", "approve a plan into ask, edits or auto")
	}
	c.mu.Lock()
	if c.plan == "" {
		c.mu.Unlock()
		return "", inputf("plan", "there is no plan waiting for approval")
	}
	plan, todos := c.plan, c.todos
	c.plan, c.choice.Mode = "", mode
	c.mu.Unlock()
	// Outside the lock: the list's change is sent and stored through it.
	todos.FromPlan(plan)
	c.saveMode()
	return planInstruction(plan), nil
}

// planInstruction is the prompt that carries out an approved plan.
func planInstruction(plan string) string {
	return "The user approved this plan. Carry it out now, step by step; the todo list holds its steps: " +
		"mark each in_progress and completed as you go (send the full list to todo each time).\n\n" + plan
}

// stageMode puts the conversation's mode into the turn's tools.
func stageMode(_ context.Context, p *prep) error {
	p.c.applyMode(&p.spec.Tools, p.t.stream, p.spec.Settings.ReadOnlyTools)
	return nil
}

// applyMode puts the conversation's mode into a turn's tools: plan mode
// restricts them and reports a proposed plan as a plan event.
func (c *Conversation) applyMode(tc *tools.Config, s *turnStream, readOnlyMCP []string) {
	c.mu.Lock()
	mode := c.choice.Mode
	c.mu.Unlock()
	switch mode {
	case ModeAsk, ModeEdits, ModeAuto:
		tc.Approve = approveMode(mode)
	case ModePlan:
		tc.Planning, tc.ReadOnlyMCP = true, readOnlyMCP
		tc.Proposed = func(ctx context.Context, markdown string) {
			c.mu.Lock()
			c.plan = markdown
			c.mu.Unlock()
			s.send(&Plan{CallID: tool.CallID(ctx), Markdown: s.red.String(markdown)})
		}
	}
}

// frame implements Event.
func (e *Plan) frame() (*Header, *string, string) { return &e.Header, &e.Type, "plan" }
