// Package mcp makes Hearth an MCP client on the official Go SDK: it
// connects the configured servers (stdio child processes in their own
// process group, streamable HTTP with a legacy SSE fallback) in parallel
// without blocking its caller, keeps each one's status and log, and offers
// their tools to the agent as mcp__<server>__<tool>, their prompts and
// their resources. Which servers may start is decided by the caller from
// agent/trust (see Load); each call is judged by agent/permission.
package mcp

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/redact"
)

// Options configure a Manager.
type Options struct {
	// Workspace is offered to servers as their only root.
	Workspace string
	// Env expands ${VAR} and ${keychain:REF} in server configs.
	Env config.Env
	// ConnectTimeout bounds connecting and listing one server's tools.
	ConnectTimeout time.Duration
	// MaxResult caps a tool result's text for the model (DefaultMaxResult).
	MaxResult int
	// LogLines is how many lines each server's log keeps.
	LogLines int
	// Elicit answers a server's request for input from the person; nil
	// declines every one (a headless run).
	Elicit  func(ctx context.Context, server string, req *sdk.ElicitRequest) (*sdk.ElicitResult, error)
	Version string
	// SignIn shows a server's sign-in page; nil leaves a server that asks
	// to sign in as needs-auth. Tokens keeps sign-ins between runs.
	SignIn SignIn
	Tokens TokenStore
	// OnChange is told (on its own goroutine) when a server's status or
	// tool list changes; may be nil.
	OnChange func()
}

// DefaultConnectTimeout bounds a server's start.
const DefaultConnectTimeout = 30 * time.Second

// Manager runs a set of servers. It is safe for concurrent use.
type Manager struct {
	opts      Options
	progress  progressRoutes
	refreshes refreshes

	mu      sync.Mutex
	servers map[string]*server
	order   []string
	closed  bool
}

// NewManager returns a manager with no servers.
func NewManager(opts Options) *Manager {
	if opts.ConnectTimeout <= 0 {
		opts.ConnectTimeout = DefaultConnectTimeout
	}
	if opts.MaxResult <= 0 {
		opts.MaxResult = DefaultMaxResult
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	return &Manager{opts: opts, servers: map[string]*server{}}
}

// Start adds the servers and connects every one that may start, each on
// its own goroutine; it returns at once. A name already running is
// replaced.
func (m *Manager) Start(entries ...Entry) {
	for _, e := range entries {
		s := newServer(m, e)
		m.mu.Lock()
		if m.closed {
			m.mu.Unlock()
			return
		}
		old := m.servers[e.Name]
		if old == nil {
			m.order = append(m.order, e.Name)
		}
		m.servers[e.Name] = s
		m.mu.Unlock()
		if old != nil {
			go old.stop(StatusDisabled)
		}
		if s.status == StatusConnecting {
			s.start()
		}
	}
	m.changed()
}

// Wait returns once every server has connected or failed, or ctx is done.
func (m *Manager) Wait(ctx context.Context) error {
	for _, s := range m.list() {
		select {
		case <-s.ready:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

func (m *Manager) list() []*server {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]*server, 0, len(m.order))
	for _, n := range m.order {
		out = append(out, m.servers[n])
	}
	return out
}

func (m *Manager) get(name string) (*server, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.servers[name]
	if s == nil {
		return nil, fmt.Errorf("%w: %s", config.ErrNoServer, name)
	}
	return s, nil
}

// Disable stops a server (its whole process tree) until Enable.
func (m *Manager) Disable(name string) error {
	s, err := m.get(name)
	if err != nil {
		return err
	}
	s.stop(StatusDisabled)
	m.changed()
	return nil
}

// Restart connects a server again (also one disabled or failed); a
// server held for approval stays held.
func (m *Manager) Restart(name string) error {
	s, err := m.get(name)
	if err != nil {
		return err
	}
	if s.entry.Held != "" {
		return fmt.Errorf("MCP server %s needs approval first: %s", name, s.entry.Held)
	}
	e := s.entry
	e.Disabled = false
	s.stop(StatusDisabled)
	m.Start(e)
	return nil
}

// Close ends every server and its processes. The manager takes no more.
func (m *Manager) Close() {
	m.mu.Lock()
	m.closed = true
	m.mu.Unlock()
	var wg sync.WaitGroup
	for _, s := range m.list() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.stop(StatusDisabled)
		}()
	}
	wg.Wait()
}

func (m *Manager) changed() {
	if m.opts.OnChange != nil {
		go m.opts.OnChange()
	}
}

// Server is what Servers reports of one server.
type Server struct {
	Name      string
	Scope     config.Scope
	Source    string
	Transport config.Transport
	Status    Status
	Error     string
	Tools     []ToolInfo
	Tokens    int // what the server's tool definitions cost in the model's context
	Log       []string
}

// ToolInfo is one tool of a server.
type ToolInfo struct {
	Name        string // as the model sees it
	Tool        string // as the server names it
	Description string
	Tokens      int
}

// Servers reports every server, in the order they were started.
func (m *Manager) Servers() []Server {
	names := m.toolNames()
	var out []Server
	for _, s := range m.list() {
		s.mu.Lock()
		info := Server{Name: s.entry.Name, Scope: s.entry.Scope, Source: s.entry.Source,
			Transport: s.entry.Kind(), Status: s.status}
		if s.link != nil {
			info.Transport = s.link.via
		}
		if s.err != nil {
			info.Error = redact.New().String(s.err.Error())
		}
		for _, t := range s.tools {
			n := names[toolKey{s.entry.Name, t.Name}]
			tok := definitionTokens(n, t)
			info.Tools = append(info.Tools, ToolInfo{Name: n, Tool: t.Name, Description: t.Description, Tokens: tok})
			info.Tokens += tok
		}
		s.mu.Unlock()
		info.Log = s.log.Lines(0)
		out = append(out, info)
	}
	return out
}

// Log returns a server's last n log lines (all when n <= 0).
func (m *Manager) Log(name string, n int) ([]string, error) {
	s, err := m.get(name)
	if err != nil {
		return nil, err
	}
	return s.log.Lines(n), nil
}

type toolKey struct{ server, tool string }

// toolNames gives every tool of every connected server its unique name.
func (m *Manager) toolNames() map[toolKey]string {
	var keys []toolKey
	for _, s := range m.list() {
		s.mu.Lock()
		for _, t := range s.tools {
			keys = append(keys, toolKey{s.entry.Name, t.Name})
		}
		s.mu.Unlock()
	}
	slices.SortFunc(keys, func(a, b toolKey) int {
		if c := compare(a.server, b.server); c != 0 {
			return c
		}
		return compare(a.tool, b.tool)
	})
	out := make(map[toolKey]string, len(keys))
	taken := map[string]bool{}
	for _, k := range keys {
		out[k] = uniqueName(ToolName(k.server, k.tool), taken)
	}
	return out
}

func compare(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
