package conversation

import (
	"context"
	"errors"

	"github.com/hearth-agent/hearth/agent/mcp"
)

// mcpStartWait bounds how long a turn waits for MCP servers still
// connecting; a server slower than that joins the turn once connected.
const mcpStartWait = mcp.DefaultConnectTimeout

// mcpReady returns the workspace's MCP servers once none is still
// connecting (or mcpStartWait has passed): a message sent right after a
// folder opens would otherwise offer the model none of the servers' tools
// until they connect. While it waits the turn says so (mcp_waiting), since
// the person sees nothing else happen.
func (c *Conversation) mcpReady(ctx context.Context, s *turnStream) *mcp.Manager {
	if c.cfg.MCP == nil {
		return nil
	}
	m := c.cfg.MCP()
	if m == nil {
		return nil
	}
	waiting := connecting(m)
	if len(waiting) == 0 {
		return m
	}
	s.send(&MCPWaiting{Servers: waiting})
	wctx, cancel := context.WithTimeout(ctx, mcpStartWait)
	defer cancel()
	_ = m.Wait(wctx) // a server still connecting joins the turn when it connects
	s.send(&MCPWaiting{Servers: connecting(m), Done: true})
	return m
}

// stageMCP offers the workspace's MCP servers once they are ready, within
// the settings' share of the context window.
func stageMCP(ctx context.Context, p *prep) error {
	if p.spec.MCP = p.c.mcpReady(ctx, p.t.stream); p.spec.MCP != nil {
		p.spec.MCPBudget = float64(p.spec.Settings.MCPBudgetPercent) / 100
	}
	return nil
}

// stageMCPPrompt asks an MCP server for the text of a prompt naming one
// of its prompts ("/server:prompt args").
func stageMCPPrompt(ctx context.Context, p *prep) error {
	if p.spec.MCP == nil {
		return nil
	}
	text, err := p.spec.MCP.ExpandPrompt(ctx, p.t.prompt)
	switch {
	case err == nil:
		p.t.prompt = text
	case !errors.Is(err, mcp.ErrNotPrompt):
		return err
	}
	return nil
}

// connecting names the servers still connecting.
func connecting(m *mcp.Manager) []string {
	out := []string{}
	for _, s := range m.Servers() {
		if s.Status == mcp.StatusConnecting {
			out = append(out, s.Name)
		}
	}
	return out
}
