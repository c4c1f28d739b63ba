package cli

import (
	"context"
	"fmt"
	"time"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/trust"
)

// mcpWait bounds how long a command waits for its servers to connect.
const mcpWait = 60 * time.Second

// configDir is where Hearth's user files live ("" is the default).
func configDir(env *Env) string { return env.Getenv("HEARTH_CONFIG_DIR") }

// mcpManager builds a manager whose ${VAR} come from env and whose
// ${keychain:…} secrets and sign-ins come from the keychain; signIn nil
// leaves a server that asks to sign in as needs-auth.
func mcpManager(env *Env, ws string, signIn mcp.SignIn) *mcp.Manager {
	opts := mcp.Options{Workspace: ws, Env: config.Env{Getenv: env.Getenv}, Version: env.Version, SignIn: signIn}
	if env.Secrets != nil {
		opts.Env.Keychain = env.Secrets.Item
		opts.Tokens = mcp.KeychainTokens{Store: env.Secrets}
	}
	return mcp.NewManager(opts)
}

// startMCP loads the servers the sources name, starts them and waits
// (bounded by ctx and mcpWait) until each has connected or failed.
func startMCP(ctx context.Context, env *Env, project *trust.Effective, runFiles []string, strict bool) (*mcp.Manager, error) {
	m, err := launchMCP(env, project, runFiles, strict)
	if err != nil {
		return nil, err
	}
	wctx, cancel := context.WithTimeout(ctx, mcpWait)
	defer cancel()
	if err := m.Wait(wctx); err != nil && ctx.Err() != nil {
		m.Close()
		return nil, err
	}
	return m, nil
}

// launchMCP loads the servers the sources name and starts them without
// waiting: a run's turn waits for them itself and says so (mcp_waiting).
func launchMCP(env *Env, project *trust.Effective, runFiles []string, strict bool) (*mcp.Manager, error) {
	entries, err := mcp.Load(mcp.Sources{UserDir: configDir(env), Project: project, RunFiles: runFiles, Strict: strict})
	if err != nil {
		return nil, err
	}
	m := mcpManager(env, project.Dir, nil)
	m.Start(entries...)
	return m, nil
}

// mcpWarnings prints one line per server that did not connect (held
// project servers are named by the trust warning already).
func mcpWarnings(env *Env, cmd string, m *mcp.Manager) {
	for _, s := range m.Servers() {
		switch s.Status {
		case mcp.StatusFailed, mcp.StatusNeedsAuth, mcp.StatusConnecting:
			// A server's error is its own words: shown, never acted on.
			fmt.Fprintf(env.Stderr, "hearth %s: MCP server %s is %s: %s\n", cmd, termSafe(s.Name), s.Status, termSafe(s.Error))
		}
	}
}
