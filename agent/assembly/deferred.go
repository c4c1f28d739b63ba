package assembly

import (
	"context"
	"sync"

	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/tools"
)

// refresher is the loop's Refresh: the tool list is rebuilt before a model
// request when an MCP server's tools changed (followMCP) or the model
// loaded held-back tools with load_tools; nil when neither can happen.
func refresher(m *mcp.Manager, offered []*mcp.Tool, held *tools.Deferred, rebuild func([]*mcp.Tool) (*loop.Refreshed, error),
	logf func(string, ...any)) func(context.Context) *loop.Refreshed {
	if m == nil && held == nil {
		return nil
	}
	var mu sync.Mutex
	mcpNow, loaded := offered, len(held.Loaded())
	var follow func(context.Context) *loop.Refreshed
	if m != nil {
		follow = followMCP(m, offered, func(now []*mcp.Tool) (*loop.Refreshed, error) {
			mu.Lock()
			mcpNow = now
			mu.Unlock()
			return rebuild(now)
		}, logf)
	}
	return func(ctx context.Context) *loop.Refreshed {
		var r *loop.Refreshed
		if follow != nil {
			r = follow(ctx)
		}
		n := len(held.Loaded())
		mu.Lock()
		changed, now := n != loaded, mcpNow
		loaded = n
		mu.Unlock()
		if r != nil || !changed {
			return r // a rebuild for MCP already offers what was loaded
		}
		r, err := rebuild(now)
		if err != nil {
			logf("the loaded tools cannot be offered: %v", err)
			return nil
		}
		return r
	}
}
