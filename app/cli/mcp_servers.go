package cli

import (
	"context"
	"fmt"
	"time"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/project"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/trust"
	"github.com/hearth-agent/hearth/agent/undo"
)

// mcpWait bounds how long a command waits for its servers to connect.
const mcpWait = 60 * time.Second

// configDir is where Hearth's user files live ("" is the default).
func configDir(env *Env) string { return env.Getenv("HEARTH_CONFIG_DIR") }

// openProject opens ws for a command: its settings are st, its trust
// record tr, its conversations stored in sessions (nil: unsaved).
func openProject(ctx context.Context, env *Env, ws string, st settings.Settings, tr *trust.Store, sessions func() *session.Store, opts project.Options) (*project.Project, error) {
	return openProjectUndo(ctx, env, ws, st, tr, sessions, opts, nil)
}

// openProjectUndo is openProject whose turns keep snapshots in snapshots
// (nil: none).
func openProjectUndo(ctx context.Context, env *Env, ws string, st settings.Settings, tr *trust.Store, sessions func() *session.Store, opts project.Options, snapshots *undo.Store) (*project.Project, error) {
	stores := project.Stores{
		Undo:      snapshots,
		Settings:  func() settings.Settings { return st },
		Keys:      envKeys(env),
		Getenv:    env.Getenv,
		Sessions:  sessions,
		Trust:     tr,
		Secrets:   env.Secrets,
		ConfigDir: configDir(env),
		Home:      userHome(env),
		Version:   env.Version,
	}
	return project.Open(ctx, ws, stores, opts)
}

// envKeys resolves a provider's key from the keychain (or its variable).
func envKeys(env *Env) func(context.Context, string) (string, error) {
	return func(ctx context.Context, id string) (string, error) {
		if env.Secrets == nil {
			return "", nil
		}
		k, _, err := env.Secrets.Resolve(ctx, id)
		return k, err
	}
}

// mcpProject opens ws with its MCP servers started as mo says and waits
// (bounded by ctx and wait) until each has connected or failed.
func mcpProject(ctx context.Context, env *Env, ws string, mo project.MCPOptions, wait time.Duration) (*project.Project, error) {
	tr, err := runTrust(env, ws, "", false)
	if err != nil {
		return nil, err
	}
	p, err := openProject(ctx, env, ws, loadSettings(env), tr, nil, project.Options{MCP: &mo})
	if err != nil {
		return nil, err
	}
	if err := p.StartMCP(); err != nil {
		p.Close()
		return nil, err
	}
	wctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	if err := p.WaitMCP(wctx); err != nil && (ctx.Err() != nil || mo.Only != "") {
		p.Close()
		return nil, err
	}
	return p, nil
}

// mcpWarnings prints one line per server that did not connect (held
// project servers are named by the trust warning already).
func mcpWarnings(env *Env, cmd string, m *mcp.Manager) {
	if m == nil {
		return
	}
	for _, s := range m.Servers() {
		switch s.Status {
		case mcp.StatusFailed, mcp.StatusNeedsAuth, mcp.StatusConnecting:
			// A server's error is its own words: shown, never acted on.
			fmt.Fprintf(env.Stderr, "hearth %s: MCP server %s is %s: %s\n", cmd, termSafe(s.Name), s.Status, termSafe(s.Error))
		}
	}
}
