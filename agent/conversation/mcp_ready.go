package conversation

import (
	"context"

	"github.com/hearth-agent/hearth/agent/mcp"
)

// mcpStartWait bounds how long a turn waits for MCP servers still
// connecting; a server slower than that joins at the next turn.
const mcpStartWait = mcp.DefaultConnectTimeout

// mcpReady returns the workspace's MCP servers once none is still
// connecting (or mcpStartWait has passed): a turn's tools are fixed when it
// starts, so a message sent right after a folder opens would otherwise
// offer the model none of the servers' tools for the whole turn.
func (c *Conversation) mcpReady(ctx context.Context) *mcp.Manager {
	if c.cfg.MCP == nil {
		return nil
	}
	m := c.cfg.MCP()
	if m == nil {
		return nil
	}
	wctx, cancel := context.WithTimeout(ctx, mcpStartWait)
	defer cancel()
	_ = m.Wait(wctx) // a server still connecting is simply not offered yet
	return m
}
