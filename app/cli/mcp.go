package cli

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/project"
	"github.com/hearth-agent/hearth/agent/redact"
)

const mcpSynopsis = `mcp list|get|add|remove|login

  hearth mcp list [--workspace DIR]
      connects every server and prints NAME<TAB>STATUS<TAB>TRANSPORT<TAB>TOOLS
      (STATUS: connected, failed, disabled, needs-auth, untrusted)
  hearth mcp get [--workspace DIR] NAME
      a server's configuration (secrets hidden), status, tools and last log lines
  hearth mcp add [--scope user|project] [--env K=V]... NAME -- COMMAND [ARGS...]
  hearth mcp add --transport http|sse [--scope user|project] [--header K:V]... NAME URL
      env values and headers go to the OS keychain; the file holds a reference
  hearth mcp remove [--scope user|project] NAME
  hearth mcp login [--workspace DIR] NAME
      signs in to a remote server in the browser (OAuth); the sign-in is kept
      in the OS keychain and refreshed

User servers live in <config dir>/Hearth/mcp.json, project servers in the
workspace's .mcp.json (they start once the workspace is trusted).`

func runMCP(ctx context.Context, env *Env, args []string) int {
	if len(args) == 0 {
		fmt.Fprintf(env.Stderr, "Usage: hearth %s\n", mcpSynopsis)
		return ExitUsage
	}
	switch args[0] {
	case "list":
		return runMCPList(ctx, env, args[1:])
	case "get":
		return runMCPGet(ctx, env, args[1:])
	case "add":
		return runMCPAdd(ctx, env, args[1:])
	case "remove":
		return runMCPRemove(ctx, env, args[1:])
	case "login":
		return runMCPLogin(ctx, env, args[1:])
	case "--help", "-h", "help":
		fmt.Fprintf(env.Stdout, "Usage: hearth %s\n", mcpSynopsis)
		return ExitOK
	}
	fmt.Fprintf(env.Stderr, "hearth mcp: unknown subcommand %q\nUsage: hearth %s\n", args[0], mcpSynopsis)
	return ExitUsage
}

// workspaceFlag resolves --workspace (default: the current directory).
func workspaceDir(dir string) (string, error) {
	if dir == "" {
		d, err := os.Getwd()
		if err != nil {
			return "", err
		}
		dir = d
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return "", fmt.Errorf("--workspace %s is not a directory", abs)
	}
	return abs, nil
}

func runMCPList(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "mcp list", "mcp list [--workspace DIR]")
	ws := fs.String("workspace", "", "workspace whose .mcp.json is read (default: the current directory)")
	if code, ok := parseFlags(fs, env, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageErr(env, fs, "unexpected argument %q", fs.Arg(0))
	}
	p, code := mcpForCommand(ctx, env, fs, *ws)
	if p == nil {
		return code
	}
	defer p.Close()
	m := p.MCP()
	for _, s := range m.Servers() {
		fmt.Fprintf(env.Stdout, "%s\t%s\t%s\t%d\n", s.Name, s.Status, s.Transport, len(s.Tools))
	}
	return ExitOK
}

// mcpForCommand opens the workspace dir names with its servers started
// and connected (or failed).
func mcpForCommand(ctx context.Context, env *Env, fs *flag.FlagSet, dir string) (*project.Project, int) {
	ws, err := workspaceDir(dir)
	if err != nil {
		return nil, usageErr(env, fs, "%v", err)
	}
	p, err := mcpProject(ctx, env, ws, project.MCPOptions{}, mcpWait)
	if err != nil {
		return nil, failure(env, fs.Name(), err)
	}
	return p, 0
}

func runMCPGet(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "mcp get", "mcp get [--workspace DIR] NAME")
	ws := fs.String("workspace", "", "workspace whose .mcp.json is read (default: the current directory)")
	if code, ok := parseFlags(fs, env, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return usageErr(env, fs, "want one server NAME")
	}
	name := fs.Arg(0)
	p, code := mcpForCommand(ctx, env, fs, *ws)
	if p == nil {
		return code
	}
	defer p.Close()
	m := p.MCP()
	i := slices.IndexFunc(m.Servers(), func(s mcp.Server) bool { return s.Name == name })
	if i < 0 {
		return failure(env, "mcp get", fmt.Errorf("%w: %s", config.ErrNoServer, name))
	}
	s := m.Servers()[i]
	r := redact.New().String
	w := env.Stdout
	fmt.Fprintf(w, "name:      %s\nscope:     %s (%s)\nstatus:    %s\ntransport: %s\n", s.Name, s.Scope, s.Source, s.Status, s.Transport)
	if s.Error != "" {
		fmt.Fprintf(w, "error:     %s\n", r(s.Error))
	}
	if cfg, ok := serverConfig(env, *ws, s); ok {
		if cfg.Command != "" {
			fmt.Fprintf(w, "command:   %s\n", r(strings.Join(append([]string{cfg.Command}, cfg.Args...), " ")))
		}
		if cfg.URL != "" {
			fmt.Fprintf(w, "url:       %s\n", r(cfg.URL))
		}
		for _, k := range slices.Sorted(maps.Keys(cfg.Env)) {
			fmt.Fprintf(w, "env:       %s=%s\n", k, hidden(cfg.Env[k]))
		}
		for _, k := range slices.Sorted(maps.Keys(cfg.Headers)) {
			fmt.Fprintf(w, "header:    %s: %s\n", k, hidden(cfg.Headers[k]))
		}
	}
	fmt.Fprintf(w, "tools:     %d (~%d tokens)\n", len(s.Tools), s.Tokens)
	for _, t := range s.Tools {
		fmt.Fprintf(w, "  %s\n", t.Name)
	}
	if len(s.Log) > 0 {
		fmt.Fprintln(w, "log:")
		for _, l := range lastN(s.Log, 20) {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
	return ExitOK
}

// hidden shows a config value without its secret: a reference as written,
// anything else masked.
func hidden(v string) string {
	if strings.HasPrefix(v, "${") && strings.HasSuffix(v, "}") {
		return v
	}
	return "(hidden)"
}

// serverConfig is the server's entry as written in its file.
func serverConfig(env *Env, ws string, s mcp.Server) (config.Server, bool) {
	path := s.Source
	if s.Scope == config.ScopeProject {
		abs, err := workspaceDir(ws)
		if err != nil {
			return config.Server{}, false
		}
		path = filepath.Join(abs, config.ProjectFileName)
	}
	f, err := config.Read(path)
	if err != nil {
		return config.Server{}, false
	}
	c, ok := f.Servers[s.Name]
	return c, ok
}

func lastN(s []string, n int) []string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// scopePath is the file a scope's servers live in.
func scopePath(env *Env, scope, ws string) (string, error) {
	switch config.Scope(scope) {
	case config.ScopeUser:
		return config.UserPath(configDir(env))
	case config.ScopeProject:
		abs, err := workspaceDir(ws)
		if err != nil {
			return "", err
		}
		return filepath.Join(abs, config.ProjectFileName), nil
	}
	return "", fmt.Errorf("--scope must be user or project, not %q", scope)
}
