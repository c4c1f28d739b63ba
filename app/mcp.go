package app

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"

	"github.com/pkg/browser"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// MCPEventName is emitted whenever a server's status or tools change, so
// Settings → MCP re-reads the list (connecting → connected) without polling.
const MCPEventName = "mcp:changed"

// mcpRunner holds the open workspace's MCP servers. They start in the
// background when a folder opens and again when its trust changes; the
// window never waits for them.
type mcpRunner struct {
	mu sync.Mutex
	m  *mcp.Manager
	// signingIn names the servers the person asked to sign in to: only
	// they may open the browser, so a server wanting OAuth at start-up
	// waits as needs-auth instead of popping a page unasked.
	signingIn map[string]bool
	// openURL shows a sign-in page (the system browser; tests replace it).
	openURL func(string) error
	// places is where other apps' configs are looked for (tests replace it).
	places func(ws string) config.Places
}

// restartMCP starts the servers of ws (the user's mcp.json and, once
// trusted, the folder's .mcp.json) and ends the previous set.
func (a *App) restartMCP(ws string) {
	entries, err := a.mcpEntries(ws)
	if err != nil {
		a.emit("notice", FormatError(err))
	}
	opts := mcp.Options{Workspace: ws, Env: config.Env{Getenv: a.deps.Getenv}, SignIn: a.mcpSignIn,
		OnChange: func() { a.emit(MCPEventName, nil) }}
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

// mcpDir holds the user's mcp.json, beside the settings.
func (a *App) mcpDir() string { return filepath.Dir(a.deps.Settings.Path()) }

// mcpSignIn opens a server's sign-in page, but only for a server the
// person asked to sign in to (SignInMCPServer).
func (a *App) mcpSignIn(_ context.Context, server, url string) error {
	a.mcp.mu.Lock()
	asked := a.mcp.signingIn[server]
	delete(a.mcp.signingIn, server)
	open := a.mcp.openURL
	a.mcp.mu.Unlock()
	if !asked {
		return fmt.Errorf("%w: press Sign in in Settings → MCP", mcp.ErrNeedsAuth)
	}
	if open == nil {
		open = browser.OpenURL
	}
	if err := open(url); err != nil {
		return fmt.Errorf("could not open the browser to sign in to %s: %w", server, err)
	}
	return nil
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
