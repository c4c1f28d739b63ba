package project

import (
	"context"
	"slices"
	"sync"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// MCPOptions start the project's MCP servers.
type MCPOptions struct {
	// RunFiles are --mcp-config files, trusted for the run; Strict uses
	// only them.
	RunFiles []string
	Strict   bool
	// Extra are servers a front-end was handed rather than read from a
	// file (an editor's ACP session/new); they are trusted like RunFiles
	// and replace a server of the same name.
	Extra []mcp.Entry
	// Only starts just the named server (hearth mcp login); a name that
	// is not configured fails Open.
	Only string
	// SignIn shows a server's sign-in page; nil leaves a server that asks
	// to sign in as needs-auth.
	SignIn mcp.SignIn
	// OnChange is told when a server's status or tools change.
	OnChange func()
}

// NoServerError names a server MCPOptions.Only asked for that no file
// configures.
type NoServerError struct{ Name string }

func (e *NoServerError) Error() string { return "no MCP server named " + e.Name }

// mcpHolder is the project's current set of servers.
type mcpHolder struct {
	mu sync.Mutex
	m  *mcp.Manager
}

// swap installs m (nil to close) and ends the set it replaces.
func (h *mcpHolder) swap(m *mcp.Manager) {
	h.mu.Lock()
	old := h.m
	h.m = m
	h.mu.Unlock()
	if old != nil {
		old.Close()
	}
}

// MCPEntries are the servers the person's mcp.json, the run's files and
// the folder's .mcp.json name, the folder's as trust judged them now.
func (p *Project) MCPEntries() ([]mcp.Entry, error) {
	o := p.opts.MCP
	if o == nil {
		o = &MCPOptions{}
	}
	judged, err := p.Judged()
	if err != nil {
		return nil, err
	}
	// Load's error can come with the servers it could read: both are kept.
	entries, err := mcp.Load(mcp.Sources{UserDir: p.stores.ConfigDir, Project: judged, RunFiles: o.RunFiles, Strict: o.Strict})
	for _, x := range o.Extra {
		if i := slices.IndexFunc(entries, func(e mcp.Entry) bool { return e.Name == x.Name }); i >= 0 {
			entries[i] = x
			continue
		}
		entries = append(entries, x)
	}
	return entries, err
}

// StartMCP starts the servers (MCPEntries) and ends the previous set, in
// the background: the new servers connect while the old ones stop. It is
// how a change of trust or of the person's mcp.json takes effect. The
// servers that could be read start even when a file could not: the error
// says what was skipped.
func (p *Project) StartMCP() error {
	o := p.opts.MCP
	if o == nil {
		return nil
	}
	entries, err := p.MCPEntries()
	if o.Only != "" {
		if err != nil {
			return err
		}
		i := slices.IndexFunc(entries, func(e mcp.Entry) bool { return e.Name == o.Only })
		if i < 0 {
			return &NoServerError{Name: o.Only}
		}
		entries = entries[i : i+1]
	}
	opts := mcp.Options{Workspace: p.dir, Env: config.Env{Getenv: p.stores.Getenv}, Version: p.stores.Version,
		SignIn: o.SignIn, OnChange: o.OnChange}
	if p.stores.Secrets != nil {
		opts.Env.Keychain = p.stores.Secrets.Item
		opts.Tokens = mcp.KeychainTokens{Store: p.stores.Secrets}
	}
	m := mcp.NewManager(opts)
	m.Start(entries...)
	p.mcp.mu.Lock()
	old := p.mcp.m
	p.mcp.m = m
	p.mcp.mu.Unlock()
	if old != nil {
		go old.Close()
	}
	return err
}

// WaitMCP waits (bounded by ctx) until every server has connected or
// failed.
func (p *Project) WaitMCP(ctx context.Context) error {
	if m := p.MCP(); m != nil {
		return m.Wait(ctx)
	}
	return nil
}

// MCP is the project's running servers, or nil when it starts none.
func (p *Project) MCP() *mcp.Manager {
	p.mcp.mu.Lock()
	defer p.mcp.mu.Unlock()
	return p.mcp.m
}
