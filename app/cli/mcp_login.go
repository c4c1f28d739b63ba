package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/pkg/browser"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/project"
)

// runMCPLogin signs in to one remote server in the system browser and
// keeps the sign-in in the keychain for later runs.
func runMCPLogin(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "mcp login", "mcp login [--workspace DIR] NAME")
	ws := fs.String("workspace", "", "workspace whose .mcp.json is read (default: the current directory)")
	if code, ok := parseFlags(fs, env, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return usageErr(env, fs, "want one server NAME")
	}
	if env.Secrets == nil {
		return failure(env, "mcp login", errors.New("no keychain: Hearth keeps sign-ins only in the OS keychain"))
	}
	dir, err := workspaceDir(*ws)
	if err != nil {
		return usageErr(env, fs, "%v", err)
	}
	signIn := func(_ context.Context, server, url string) error {
		fmt.Fprintf(env.Stderr, "hearth mcp login: sign in to %s in your browser: %s\n", server, url)
		if err := browser.OpenURL(url); err != nil {
			fmt.Fprintf(env.Stderr, "hearth mcp login: could not open a browser (%v); open the address above\n", err)
		}
		return nil
	}
	p, err := mcpProject(ctx, env, dir, project.MCPOptions{Only: fs.Arg(0), SignIn: signIn}, 5*mcpWait)
	if err != nil {
		return failure(env, "mcp login", err)
	}
	defer p.Close()
	m := p.MCP()
	s := m.Servers()[0]
	if s.Status != mcp.StatusConnected {
		return failure(env, "mcp login", fmt.Errorf("%s is %s: %s", s.Name, s.Status, s.Error))
	}
	fmt.Fprintf(env.Stdout, "%s: connected, %d tools\n", s.Name, len(s.Tools))
	return ExitOK
}
