package conversation

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/subagent"
	"github.com/hearth-agent/hearth/agent/trust"
)

// agentDefs are the subagents a turn offers: the built-ins, the user's,
// and the workspace's once trust allows them. Files that cannot be used
// are reported as notices.
func (c *Conversation) agentDefs(proj *trust.Effective) []subagent.Def {
	defs, errs := subagent.Load(subagent.LoadOptions{Home: c.home(), Project: proj.Agents})
	for _, err := range errs {
		c.sink.Notice(fmt.Errorf("a subagent file was skipped: %w", err))
	}
	return defs
}

// stageSubagents offers the turn's subagents.
func stageSubagents(_ context.Context, p *prep) error {
	p.spec.Agents = p.c.agentDefs(p.t.project)
	return nil
}

// subagent translates one event of a subagent's run into a step nested
// under its task call; text streams only in the final answer.
func (s *turnStream) subagent(e subagent.Event) {
	r := s.red.String
	step := &SubagentStep{CallID: e.CallID, Agent: e.Agent, Description: r(e.Description)}
	switch ev := e.Event.(type) {
	case loop.ToolCallStarted:
		step.Step, step.ToolCallID, step.Name = "tool_started", ev.ID, ev.Name
		if json.Unmarshal([]byte(r(string(ev.Args))), &step.Args) != nil {
			step.Args = map[string]any{}
		}
	case loop.ToolCallFinished:
		step.Step, step.ToolCallID, step.Name, step.Status, step.Output = "tool_finished", ev.ID, ev.Name, string(ev.Status), r(ev.Output)
	case loop.UsageReported:
		u := usageOf(ev.Usage)
		step.Step, step.Usage, step.Cost = "usage", &u, costOf(ev.Cost, ev.CostKnown)
		s.subs.add(ev)
	case loop.TurnError:
		step.Step, step.Text = "error", r(ev.Message)
	case loop.TurnDone:
		step.Step, step.Text = "done", r(ev.Text)
	default:
		return
	}
	s.send(step)
}

// frame implements Event.
func (e *SubagentStep) frame() (*Header, *string, string) { return &e.Header, &e.Type, "subagent" }

// subagentUsage sums what a turn's subagents used, for the turn's totals.
type subagentUsage struct {
	mu      sync.Mutex
	used    Usage
	cost    float64
	unknown bool // some response's cost was not known
	seen    bool
}

func (u *subagentUsage) add(e loop.UsageReported) {
	u.mu.Lock()
	defer u.mu.Unlock()
	x := usageOf(e.Usage)
	u.used = Usage{InputTokens: u.used.InputTokens + x.InputTokens, CachedInputTokens: u.used.CachedInputTokens + x.CachedInputTokens,
		OutputTokens: u.used.OutputTokens + x.OutputTokens, ReasoningTokens: u.used.ReasoningTokens + x.ReasoningTokens}
	u.cost += e.Cost
	u.unknown = u.unknown || !e.CostKnown
	u.seen = true
}

// addTo rolls the subagents' usage into the turn's done event, itemised.
func (u *subagentUsage) addTo(d *Done) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if !u.seen {
		return
	}
	sub := u.used
	d.SubagentUsage = &sub
	d.Usage = Usage{InputTokens: d.Usage.InputTokens + sub.InputTokens, CachedInputTokens: d.Usage.CachedInputTokens + sub.CachedInputTokens,
		OutputTokens: d.Usage.OutputTokens + sub.OutputTokens, ReasoningTokens: d.Usage.ReasoningTokens + sub.ReasoningTokens}
	if d.Cost != nil {
		if u.unknown {
			d.Cost = nil
		} else {
			c := *d.Cost + u.cost
			d.Cost = &c
		}
	}
}
