package loop

import (
	"context"

	"github.com/hearth-agent/hearth/agent/tool"
)

// Refreshed is a turn's new tool list and the system prompts rendered with
// it, from Config.Refresh.
type Refreshed struct {
	Tools              []tool.Tool
	System             string
	TextProtocolSystem string
}

// toolset is the agent's current tools; Refresh may replace them between
// the model requests of a turn.
func (a *Agent) toolset() *toolset {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.tools
}

// systems are the current system prompts, native and text protocol.
func (a *Agent) systems() (native, text string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.cfg.System, a.cfg.TextProtocolSystem
}

// refresh asks Config.Refresh for a new tool list before a model request.
// A list that cannot be used (two tools of one name, a bad schema) keeps
// the tools the turn had, so a misbehaving server cannot end the turn.
func (t *turn) refresh(ctx context.Context) {
	a := t.a
	if a.cfg.Refresh == nil {
		return
	}
	r := a.cfg.Refresh(ctx)
	if r == nil {
		return
	}
	ts, err := newToolset(r.Tools)
	if err == nil {
		err = ts.addClientTools(a.cfg.ClientTools)
	}
	if err != nil {
		a.cfg.Logf("the tools changed but cannot be offered, keeping the previous ones: %v", err)
		return
	}
	a.mu.Lock()
	a.tools, a.cfg.System, a.cfg.TextProtocolSystem = ts, r.System, r.TextProtocolSystem
	a.mu.Unlock()
}
