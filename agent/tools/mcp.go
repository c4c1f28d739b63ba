package tools

import (
	"context"
	"encoding/json"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/tool"
)

// Targeter is a tool that runs another tool named in its arguments (the
// deferred MCP tools' mcp_call): the gate judges the tool it runs, with
// that tool's arguments. An empty name means the call runs nothing outside
// Hearth (mcp_search) and is not asked about.
type Targeter interface {
	Target(args json.RawMessage) (name string, targetArgs json.RawMessage, err error)
}

// gatedMCP puts an MCP server's tool behind the session's permission gate:
// it asks by default, rules allow or deny by tool name (mcp__github__*),
// "--approve all" covers it and "--approve edits" does not.
type gatedMCP struct {
	t tool.Tool
	s *session
}

func (g gatedMCP) Definition() tool.Definition { return g.t.Definition() }

func (g gatedMCP) Run(ctx context.Context, args json.RawMessage) (string, error) {
	name, shown := g.t.Definition().Name, args
	if tg, ok := g.t.(Targeter); ok {
		var err error
		if name, shown, err = tg.Target(args); err != nil {
			return "", err
		}
		if name == "" {
			return g.t.Run(ctx, args)
		}
	}
	req := permission.Request{Tool: name, Kind: permission.KindMCP, Path: name, Args: string(shown)}
	if err := g.s.gate.Check(ctx, req); err != nil {
		return "", err
	}
	return g.t.Run(ctx, args)
}
