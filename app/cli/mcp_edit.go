package cli

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// listFlag collects a repeatable flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func runMCPAdd(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "mcp add", "mcp add [--scope user|project] [--transport stdio|http|sse] [--env K=V]... [--header K:V]... NAME (-- COMMAND [ARGS...] | URL)")
	scope := fs.String("scope", "user", "user (your mcp.json) or project (the workspace's .mcp.json)")
	transport := fs.String("transport", "stdio", "stdio, http (streamable HTTP, falling back to SSE) or sse")
	ws := fs.String("workspace", "", "workspace for --scope project (default: the current directory)")
	var envs, headers listFlag
	fs.Var(&envs, "env", "K=V for the server's environment (repeatable; the value goes to the keychain)")
	fs.Var(&headers, "header", "K:V HTTP header (repeatable; the value goes to the keychain)")
	// Flags may come before or after NAME; everything after "--" is the command.
	before, command := args, []string(nil)
	if i := slices.Index(args, "--"); i >= 0 {
		before, command = args[:i], args[i+1:]
	}
	var pos []string
	for rest := before; ; {
		if code, ok := parseFlags(fs, env, rest); !ok {
			return code
		}
		if rest = fs.Args(); len(rest) == 0 {
			break
		}
		pos, rest = append(pos, rest[0]), rest[1:]
	}
	if len(pos) == 0 {
		return usageErr(env, fs, "missing NAME")
	}
	name := pos[0]
	if err := config.ValidateName(name); err != nil {
		return usageErr(env, fs, "%v", err)
	}
	s := config.Server{Type: config.Transport(*transport)}
	switch s.Type {
	case config.Stdio:
		if len(headers) > 0 {
			return usageErr(env, fs, "--header is for http and sse servers")
		}
		command = append(pos[1:], command...)
		if len(command) == 0 {
			return usageErr(env, fs, "missing the server's command: hearth mcp add %s -- COMMAND [ARGS...]", name)
		}
		s.Type, s.Command, s.Args = "", command[0], command[1:]
	case config.HTTP, config.SSE:
		if len(pos) != 2 || len(command) > 0 {
			return usageErr(env, fs, "want NAME URL for a %s server", s.Type)
		}
		s.URL = pos[1]
	default:
		return usageErr(env, fs, "--transport must be stdio, http or sse, not %q", *transport)
	}
	path, err := scopePath(env, *scope, *ws)
	if err != nil {
		return usageErr(env, fs, "%v", err)
	}
	project := config.Scope(*scope) == config.ScopeProject
	if s.Env, err = secretValues(ctx, env, name, "env", envs, "=", project); err != nil {
		return failure(env, "mcp add", err)
	}
	if s.Headers, err = secretValues(ctx, env, name, "header", headers, ":", project); err != nil {
		return failure(env, "mcp add", err)
	}
	if err := s.Validate(name); err != nil {
		return usageErr(env, fs, "%v", err)
	}
	f, err := config.Read(path)
	if err != nil {
		return failure(env, "mcp add", err)
	}
	_, replaced := f.Servers[name]
	if err := f.Set(name, s); err != nil {
		return failure(env, "mcp add", err)
	}
	if err := config.Write(path, f); err != nil {
		return failure(env, "mcp add", err)
	}
	verb := "added"
	if replaced {
		verb = "replaced"
	}
	fmt.Fprintf(env.Stdout, "%s MCP server %s in %s\n", verb, name, path)
	if config.Scope(*scope) == config.ScopeProject {
		fmt.Fprintln(env.Stderr, "hearth mcp add: .mcp.json changed: its servers start once the workspace is trusted (in the app, or hearth run --trust)")
	}
	return ExitOK
}

// secretValues stores each K<sep>V value in the keychain and returns the
// map the file keeps: K → ${keychain:mcp.NAME.KIND.K}. A value that is
// itself a ${VAR} reference is kept as written. A project's file, shared
// with the folder, may hold only such references.
func secretValues(ctx context.Context, env *Env, server, kind string, pairs []string, sep string, project bool) (map[string]string, error) {
	if len(pairs) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for _, p := range pairs {
		k, v, ok := strings.Cut(p, sep)
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return nil, fmt.Errorf("--%s %q: want K%sV", kind, p, sep)
		}
		if mcp.IsReference(v) {
			out[k] = v
			continue
		}
		if project {
			return nil, fmt.Errorf("--%s %s: a project's .mcp.json travels with the folder and cannot use your keychain; give a ${VAR} reference or add the server with --scope user", kind, k)
		}
		if env.Secrets == nil {
			return nil, errors.New("no keychain: Hearth keeps server secrets only in the OS keychain")
		}
		ref := mcp.SecretRef(server, kind, k)
		if err := env.Secrets.SetItem(ctx, ref, v); err != nil {
			return nil, fmt.Errorf("%w (Hearth does not write secrets into %s)", err, config.UserFileName)
		}
		out[k] = "${" + config.KeychainPrefix + ref + "}"
	}
	return out, nil
}

func runMCPRemove(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "mcp remove", "mcp remove [--scope user|project] NAME")
	scope := fs.String("scope", "", "where to remove it from (default: user, else project)")
	ws := fs.String("workspace", "", "workspace for --scope project (default: the current directory)")
	if code, ok := parseFlags(fs, env, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return usageErr(env, fs, "want one server NAME")
	}
	name := fs.Arg(0)
	scopes := []string{*scope}
	if *scope == "" {
		scopes = []string{string(config.ScopeUser), string(config.ScopeProject)}
	}
	for _, sc := range scopes {
		path, err := scopePath(env, sc, *ws)
		if err != nil {
			return usageErr(env, fs, "%v", err)
		}
		f, err := config.Read(path)
		if err != nil {
			return failure(env, "mcp remove", err)
		}
		s, ok := f.Servers[name]
		if !ok {
			continue
		}
		_ = f.Remove(name)
		if err := config.Write(path, f); err != nil {
			return failure(env, "mcp remove", err)
		}
		forgetSecrets(ctx, env, name, s)
		fmt.Fprintf(env.Stdout, "removed MCP server %s from %s\n", name, path)
		return ExitOK
	}
	return failure(env, "mcp remove", fmt.Errorf("%w: %s", config.ErrNoServer, name))
}

// forgetSecrets deletes the keychain items Hearth stored for a server:
// its sign-in and the values add moved there.
func forgetSecrets(ctx context.Context, env *Env, name string, s config.Server) {
	if env.Secrets == nil {
		return
	}
	if err := mcp.ForgetSecrets(ctx, env.Secrets, name, s); err != nil {
		fmt.Fprintf(env.Stderr, "hearth mcp remove: %v\n", err)
	}
}
