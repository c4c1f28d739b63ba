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

// mcpRunner is what the desktop adds to the open project's MCP servers
// (which start in the background when a folder opens and again when its
// trust changes; the window never waits for them).
type mcpRunner struct {
	mu sync.Mutex
	// signingIn names the servers the person asked to sign in to: only
	// they may open the browser, so a server wanting OAuth at start-up
	// waits as needs-auth instead of popping a page unasked.
	signingIn map[string]bool
	// openURL shows a sign-in page (the system browser; tests replace it).
	openURL func(string) error
	// places is where other apps' configs are looked for (tests replace it).
	places func(ws string) config.Places
}

// mcpDir holds the user's mcp.json, beside the settings.
func (a *App) mcpDir() string {
	if a.deps.Settings == nil {
		return ""
	}
	return filepath.Dir(a.deps.Settings.Path())
}

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
