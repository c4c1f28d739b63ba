package conversation

import (
	"context"

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
