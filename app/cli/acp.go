package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/hearth-agent/hearth/agent/acp"
	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/project"
	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/agent/undo"
)

const acpSynopsis = `acp [--provider ID] [--model NAME] [--base-url URL] [--approve never|edits|all]
           [--offline]

Speaks the Agent Client Protocol (v1, JSON-RPC on stdin/stdout) for an
editor such as Zed or a JetBrains IDE; logs go to stderr. Each session
opens the editor's folder as a project: what the folder brings stays off
until it is trusted in Hearth. The editor's MCP servers start for the
session. What --approve does not allow is asked in the editor (allow once,
allow for the session, reject). When the editor offers them, files are
read and written through its buffers (undo included) and approved commands
run in its terminal. Sessions are saved like the app's and can be loaded
again. Exit: 0 when the editor closes the connection, 2 usage.`

func runACP(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "acp", acpSynopsis)
	var providerID, model, baseURL, approve string
	fs.StringVar(&providerID, "provider", "", "provider id (default: the active provider in settings)")
	fs.StringVar(&model, "model", "", "model name (default: the provider's model in settings)")
	fs.StringVar(&baseURL, "base-url", "", "endpoint URL with its version segment, overriding the provider's")
	fs.StringVar(&approve, "approve", "never", "what runs without asking the editor: never, edits or all")
	offline := offlineFlag(fs)
	if code, ok := parseFlags(fs, env, args); !ok {
		return code
	}
	goOffline(*offline)
	if fs.NArg() > 0 {
		return usageErr(env, fs, "unexpected argument %q", fs.Arg(0))
	}
	switch approve {
	case "never", "edits", "all":
	default:
		return usageErr(env, fs, "--approve must be never, edits or all, not %q", approve)
	}
	st := loadSettings(env)
	if providerID == "" {
		providerID = st.ActiveProvider
	}
	if err := provider.ValidateID(providerID); err != nil {
		return usageErr(env, fs, "%v", err)
	}
	if providerID == provider.OpenAICompatible && baseURL == "" {
		return usageErr(env, fs, "--provider openai-compatible needs --base-url")
	}
	if baseURL != "" {
		if err := settings.CheckBaseURL(baseURL); err != nil {
			return usageErr(env, fs, "--base-url: %v", err)
		}
	}
	ep, err := st.Resolve(providerID, env.Getenv)
	if err != nil {
		return usageErr(env, fs, "%v", err)
	}
	if model == "" {
		model = ep.Model
	}
	var sessions func() *session.Store
	store, err := openSessions(context.WithoutCancel(ctx), env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "hearth acp: warning: sessions are not saved (%v)\n", err)
	} else {
		defer store.Close()
		sessions = func() *session.Store { return store }
	}
	snapshots := openUndo(env)
	if snapshots != nil {
		defer snapshots.Close()
	}
	opts := project.Options{
		Agent:   conversation.AgentChoice{ProviderID: providerID, BaseURL: baseURL, Model: model, MaxIterations: st.MaxIterations},
		Approve: tools.ApproveMode(approve),
	}
	agent := acp.New(acp.Config{
		Open: func(ctx context.Context, cwd string, servers []mcp.Entry) (*project.Project, error) {
			ws, err := project.CheckDir(cwd)
			if err != nil {
				return nil, err
			}
			tr, err := runTrust(env, ws, "", false) // the editor's folder is not trusted by being opened
			if err != nil {
				return nil, err
			}
			o := opts
			o.MCP = &project.MCPOptions{Extra: servers}
			p, err := openProjectUndo(ctx, env, ws, st, tr, sessions, o, snapshots)
			if err != nil {
				return nil, err
			}
			if err := p.StartMCP(); err != nil {
				fmt.Fprintf(env.Stderr, "hearth acp: %s\n", termSafe(err.Error()))
			}
			return p, nil
		},
		Sessions: sessions,
		Provider: providerID,
		Model:    model,
		NeedsKey: func(ctx context.Context) bool {
			info, _ := provider.Lookup(providerID)
			key, _ := envKeys(env)(ctx, providerID)
			return info.NeedsKey && key == "" && (info.KeyEnv == "" || env.Getenv(info.KeyEnv) == "")
		},
		Version: env.Version,
		Logf:    func(f string, a ...any) { fmt.Fprintf(env.Stderr, f+"\n", a...) },
	})
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := agent.Serve(ctx, env.Stdin, env.Stdout); err != nil {
		return failure(env, "acp", err)
	}
	return ExitOK
}

// openUndo opens the undo snapshots the app keeps (under the config
// directory), so an editor's /undo and the app's Undo see the same turns;
// nil, with a warning, when it cannot.
func openUndo(env *Env) *undo.Store {
	dir := configDir(env)
	if dir == "" {
		d, err := settings.DefaultDir()
		if err != nil {
			fmt.Fprintf(env.Stderr, "hearth acp: warning: undo is unavailable: %v\n", err)
			return nil
		}
		dir = d
	}
	s, err := undo.Open(filepath.Join(dir, "undo"), 0)
	if err != nil {
		fmt.Fprintf(env.Stderr, "hearth acp: warning: undo is unavailable: %v\n", err)
		return nil
	}
	return s
}
