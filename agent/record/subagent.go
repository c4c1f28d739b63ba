package record

import (
	"sync"

	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/subagent"
	"github.com/hearth-agent/hearth/agent/tool"
)

// subagents collects the transcripts of the task calls running in a turn,
// stored with each call when it finishes.
type subagents struct {
	mu   sync.Mutex
	runs map[string]*session.SubagentRun // task call id → its subagent
}

// Subagent keeps one event of a task call's subagent for the call's stored
// transcript. It may be called from the subagents' goroutines.
func (r *Recorder) Subagent(e subagent.Event) {
	r.subs.mu.Lock()
	defer r.subs.mu.Unlock()
	if r.subs.runs == nil {
		r.subs.runs = map[string]*session.SubagentRun{}
	}
	run := r.subs.runs[e.CallID]
	if run == nil {
		run = &session.SubagentRun{Agent: e.Agent, Description: e.Description}
		r.subs.runs[e.CallID] = run
	}
	switch ev := e.Event.(type) {
	case loop.ToolCallStarted:
		run.Steps = append(run.Steps, session.SubagentStep{Name: ev.Name, Args: string(ev.Args), Status: session.ToolRunning})
	case loop.ToolCallFinished:
		for i := len(run.Steps) - 1; i >= 0; i-- {
			if s := &run.Steps[i]; s.Name == ev.Name && s.Status == session.ToolRunning {
				s.Status, s.Output = statusOf(ev.Status), ev.Output
				break
			}
		}
	case loop.UsageReported:
		run.InputTokens += ev.Usage.InputTokens
		run.OutputTokens += ev.Usage.OutputTokens
		switch {
		case !ev.CostKnown:
			run.CostUSD = -1 // one unknown cost makes the sum unknown
		case run.CostUSD >= 0:
			run.CostUSD += ev.Cost
		}
	case loop.TurnError:
		run.Steps = append(run.Steps, session.SubagentStep{Text: "Error: " + ev.Message})
	case loop.TurnDone:
		if ev.Text != "" {
			run.Steps = append(run.Steps, session.SubagentStep{Text: ev.Text})
		}
	}
}

// takeSubagent hands over the transcript of task call id, if it ran one.
func (r *Recorder) takeSubagent(id string) *session.SubagentRun {
	r.subs.mu.Lock()
	defer r.subs.mu.Unlock()
	run := r.subs.runs[id]
	delete(r.subs.runs, id)
	if run != nil {
		run.CostUSD = max(run.CostUSD, 0)
		for i := range run.Steps {
			if run.Steps[i].Status == session.ToolRunning {
				run.Steps[i].Status = statusOf(tool.StatusCanceled)
			}
		}
	}
	return run
}
