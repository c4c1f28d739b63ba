package tools

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"

	"github.com/hearth-agent/hearth/agent/tool"
)

// ProposePlanName is the tool that ends plan mode with a plan.
const ProposePlanName = "propose_plan"

// ProposePlan hands the person the model's plan to approve; it is offered
// only in plan mode.
type ProposePlan struct {
	proposed func(ctx context.Context, markdown string)
}

var _ tool.Tool = (*ProposePlan)(nil)

const proposePlanDescription = `Propose your plan for the user to approve, in Markdown: "## Steps" (numbered, one line each), "## Files" to change or create, "## Risks". Then end your turn with one short sentence.`

const proposePlanSchema = `{"type":"object","properties":{"plan":{"type":"string"}},"required":["plan"]}`

// Definition implements tool.Tool.
func (t *ProposePlan) Definition() tool.Definition {
	return definition(ProposePlanName, proposePlanDescription, proposePlanSchema)
}

// Run implements tool.Tool.
func (t *ProposePlan) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var p struct {
		Plan string `json:"plan"`
	}
	if err := decode(ProposePlanName, args, &p); err != nil {
		return "", err
	}
	if strings.TrimSpace(p.Plan) == "" {
		return "", errors.New("propose_plan: plan is empty; write the steps, files and risks in Markdown")
	}
	if t.proposed != nil {
		t.proposed(ctx, p.Plan)
	}
	return "The plan was shown to the user, who will approve it or send feedback. End your turn now with one short sentence.", nil
}

var listItem = regexp.MustCompile(`^(?:\d+[.)]|[-*+])\s+(?:\[[ xX]\]\s+)?(.+)$`)

// PlanSteps reads the steps of a plan for the todo list: the top-level list
// items under a heading that names steps, or, when no heading does, every
// top-level list item before the first other heading.
func PlanSteps(markdown string) []string {
	var all, steps []string
	inSteps, sawSteps, heading := false, false, false
	for _, line := range strings.Split(markdown, "\n") {
		if strings.HasPrefix(line, "#") {
			heading = true
			inSteps = strings.Contains(strings.ToLower(line), "step")
			sawSteps = sawSteps || inSteps
			continue
		}
		m := listItem.FindStringSubmatch(strings.TrimRight(line, " \t\r"))
		if m == nil {
			continue
		}
		if inSteps {
			steps = append(steps, strings.TrimSpace(m[1]))
		} else if !heading {
			all = append(all, strings.TrimSpace(m[1]))
		}
	}
	if sawSteps {
		return steps
	}
	return all
}

// FromPlan replaces the checklist with a plan's steps, all pending.
func (l *TodoList) FromPlan(markdown string) {
	steps := PlanSteps(markdown)
	items := make([]TodoItem, len(steps))
	for i, s := range steps {
		items[i] = TodoItem{Content: s, Status: TodoPending}
	}
	l.set(items)
}
