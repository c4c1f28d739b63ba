package conversation

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/subagent"
)

// agentDefs are the subagents a turn in ws offers: the built-ins, the
// user's, and the workspace's once trust allows them. Files that cannot be
// used are reported as notices.
func (c *Conversation) agentDefs(ws string, tr permission.Truster) []subagent.Def {
	home := c.cfg.Home
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	opts := subagent.LoadOptions{Workspace: ws, Home: home}
	if tr != nil {
		opts.Trust = tr
	}
	defs, errs := subagent.Load(opts)
	for _, err := range errs {
		c.sink.Notice(fmt.Errorf("a subagent file was skipped: %w", err))
	}
	return defs
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
	case loop.TurnError:
		step.Step, step.Text = "error", r(ev.Message)
	case loop.TurnDone:
		step.Step, step.Text = "done", r(ev.Text)
	default:
		return
	}
	s.send(step)
}

// EventType implements Event.
func (*SubagentStep) EventType() string { return "subagent" }

// Stamp implements Event.
func (e *SubagentStep) Stamp(turnID string, seq int) {
	e.Header, e.Type = Header{turnID, seq}, e.EventType()
}
