package assembly

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/mcp"
)

// toolLister is what followMCP needs of the MCP manager: its tools once
// the lists servers announced as changed have been read again.
type toolLister interface {
	Settle(ctx context.Context) error
	Tools() []*mcp.Tool
}

// settleWait bounds how long a model request waits for a server reading
// its changed tool list; a slower one's tools join a later request.
const settleWait = 5 * time.Second

// followMCP is the loop's Refresh for an agent offering MCP tools: before
// each model request it compares the servers' tools (names, descriptions,
// schemas) with what the turn offers and, when a server added, removed or
// changed one (tools/list_changed, a server connecting or failing),
// rebuilds the list on the turn's own session with the same deferral
// budget.
func followMCP(m toolLister, offered []*mcp.Tool, rebuild func([]*mcp.Tool) (*loop.Refreshed, error), logf func(string, ...any)) func(context.Context) *loop.Refreshed {
	var mu sync.Mutex
	have := mcpSignature(offered)
	return func(ctx context.Context) *loop.Refreshed {
		sctx, cancel := context.WithTimeout(ctx, settleWait)
		_ = m.Settle(sctx) // past it, the tools as they are now
		cancel()
		now := m.Tools()
		sig := mcpSignature(now)
		mu.Lock()
		defer mu.Unlock()
		if sig == have {
			return nil
		}
		r, err := rebuild(now)
		if err != nil {
			logf("the MCP tools changed but cannot be offered: %v", err)
			return nil
		}
		have = sig
		return r
	}
}

// mcpSignature is what the model would see of tools, in one string.
func mcpSignature(ts []*mcp.Tool) string {
	var b strings.Builder
	for _, t := range ts {
		d := t.Definition()
		b.WriteString(d.Name)
		b.WriteByte(0)
		b.WriteString(d.Description)
		b.WriteByte(0)
		b.Write(d.Parameters)
		b.WriteByte(1)
	}
	return b.String()
}
