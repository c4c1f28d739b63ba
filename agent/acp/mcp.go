package acp

import (
	"fmt"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// editorSource is where an editor's servers say they come from.
const editorSource = "the editor (ACP session)"

// MCPEntries are the editor's MCP servers as Hearth starts them: trusted
// for the session, like a --mcp-config file's.
func MCPEntries(servers []sdk.McpServer) ([]mcp.Entry, error) {
	out := make([]mcp.Entry, 0, len(servers))
	for _, s := range servers {
		var n config.Named
		switch {
		case s.Stdio != nil:
			env := map[string]string{}
			for _, v := range s.Stdio.Env {
				env[v.Name] = v.Value
			}
			n = config.Named{Name: s.Stdio.Name, Server: config.Server{Type: config.Stdio, Command: s.Stdio.Command, Args: s.Stdio.Args, Env: env}}
		case s.Http != nil:
			n = config.Named{Name: s.Http.Name, Server: config.Server{Type: config.HTTP, URL: s.Http.Url, Headers: headers(s.Http.Headers)}}
		case s.Sse != nil:
			n = config.Named{Name: s.Sse.Name, Server: config.Server{Type: config.SSE, URL: s.Sse.Url, Headers: headers(s.Sse.Headers)}}
		default:
			return nil, fmt.Errorf("mcpServers: only stdio, http and sse servers are supported")
		}
		if n.Name == "" {
			return nil, fmt.Errorf("mcpServers: a server has no name")
		}
		n.Scope, n.Source = config.ScopeRun, editorSource
		out = append(out, mcp.Entry{Named: n})
	}
	return out, nil
}

func headers(hs []sdk.HttpHeader) map[string]string {
	m := map[string]string{}
	for _, h := range hs {
		m[h.Name] = h.Value
	}
	return m
}
