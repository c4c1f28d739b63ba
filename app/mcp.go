package app

import (
	"path/filepath"
	"sync"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// mcpRunner holds the open workspace's MCP servers. They start in the
// background when a folder opens and again when its trust changes; the
// window never waits for them.
type mcpRunner struct {
	mu sync.Mutex
	m  *mcp.Manager
}

// restartMCP starts the servers of ws (the user's mcp.json and, once
// trusted, the folder's .mcp.json) and ends the previous set.
func (a *App) restartMCP(ws string) {
	entries, err := mcp.Load(mcp.Sources{UserDir: filepath.Dir(a.deps.Settings.Path()), Workspace: ws, Trust: a.trustStore()})
	if err != nil {
		a.emit("notice", FormatError(err))
	}
	opts := mcp.Options{Workspace: ws, Env: config.Env{Getenv: a.deps.Getenv}}
	if a.deps.Secrets != nil {
		opts.Env.Keychain = a.deps.Secrets.Item
		opts.Tokens = mcp.KeychainTokens{Store: a.deps.Secrets}
	}
	m := mcp.NewManager(opts)
	m.Start(entries...)
	a.mcp.mu.Lock()
	old := a.mcp.m
	a.mcp.m = m
	a.mcp.mu.Unlock()
	if old != nil {
		go old.Close()
	}
}

// currentMCP is the open workspace's servers, or nil.
func (a *App) currentMCP() *mcp.Manager {
	a.mcp.mu.Lock()
	defer a.mcp.mu.Unlock()
	return a.mcp.m
}

// closeMCP ends every server (and its processes) at shutdown.
func (a *App) closeMCP() {
	a.mcp.mu.Lock()
	m := a.mcp.m
	a.mcp.m = nil
	a.mcp.mu.Unlock()
	if m != nil {
		m.Close()
	}
}
