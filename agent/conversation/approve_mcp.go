package conversation

import (
	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/permission"
)

// AllowServer is the approval decision that allows, for the rest of the
// session, every tool of the asking MCP tool's server (mcp__server__*).
const AllowServer = "allow_server"

// mcpServerOf names the server of an MCP tool call's request, "" for other
// requests.
func mcpServerOf(req permission.Request) string {
	if req.Kind != permission.KindMCP {
		return ""
	}
	server, _ := mcp.ServerOf(req.Tool)
	return server
}

// serverPattern is the session grant for every tool of the server the
// pending request's tool belongs to.
func serverPattern(b *permission.Broker, requestID string) (string, error) {
	for _, req := range b.Pending() {
		if req.ID != requestID {
			continue
		}
		server := mcpServerOf(req)
		if server == "" {
			return "", inputf("approval", "only an MCP tool's request can allow its whole server")
		}
		return mcp.Prefix + server + "__*", nil
	}
	return "", inputf("approval", "this request was already answered or cancelled")
}
