package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/project"
	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/serve"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/agent/trust"
)

const serveSynopsis = `serve [--workspace DIR] [--addr 127.0.0.1:PORT] [--provider ID] [--model NAME]
             [--base-url URL] [--approve never|edits|all] [--max-concurrent N]
             [--allow-remote] [--show-token] [--offline]

Serves the agent behind an OpenAI-compatible API: GET /v1/models,
POST /v1/chat/completions (streamed or not), GET /health. Every request
but /health needs Authorization: Bearer TOKEN, the token being
HEARTH_API_TOKEN when set, else one generated once and kept in the OS
keychain (--show-token prints it). Each request is one agent turn in the
workspace, stored as a session; the X-Hearth-Session response header names
it, and a request sending it back continues that session. What --approve
does not allow is denied with a message to the model. Stops cleanly on
SIGINT/SIGTERM. Exit: 0 stopped, 1 error, 2 usage.`

// DefaultServeAddr is where hearth serve listens unless --addr says.
const DefaultServeAddr = serve.DefaultAddr

type serveOptions struct {
	workspace, addr, providerID, model, baseURL, approve string
	maxConcurrent                                        int
	allowRemote, showToken                               bool
	// settings and trusts are what serveConfig read, for the project.
	settings settings.Settings
	trusts   *trust.Store
}

func runServe(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "serve", serveSynopsis)
	var o serveOptions
	fs.StringVar(&o.workspace, "workspace", "", "workspace directory (default: the current directory)")
	fs.StringVar(&o.addr, "addr", DefaultServeAddr, "address to listen on, host:port")
	fs.StringVar(&o.providerID, "provider", "", "provider id (default: the active provider in settings)")
	fs.StringVar(&o.model, "model", "", "model name (default: the provider's model in settings)")
	fs.StringVar(&o.baseURL, "base-url", "", "endpoint URL with its version segment, overriding the provider's")
	fs.StringVar(&o.approve, "approve", "never", "what runs without asking: never, edits or all")
	fs.IntVar(&o.maxConcurrent, "max-concurrent", 4, "most turns running at once; more wait in a bounded queue")
	fs.BoolVar(&o.allowRemote, "allow-remote", false, "allow listening on an address other computers can reach")
	fs.BoolVar(&o.showToken, "show-token", false, "print the API token and exit")
	offline := offlineFlag(fs)
	if code, ok := parseFlags(fs, env, args); !ok {
		return code
	}
	goOffline(*offline)
	if fs.NArg() > 0 {
		return usageErr(env, fs, "unexpected argument %q", fs.Arg(0))
	}
	if o.showToken {
		tok, err := serveToken(ctx, env)
		if err != nil {
			return failure(env, "serve", err)
		}
		fmt.Fprintln(env.Stdout, tok)
		return ExitOK
	}
	cfg, code := serveConfig(env, fs, &o)
	if cfg == nil {
		return code
	}
	tok, err := serveToken(ctx, env)
	if err != nil {
		return failure(env, "serve", err)
	}
	cfg.Token = tok
	store, err := openSessions(context.WithoutCancel(ctx), env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "hearth serve: warning: requests are not saved (%v)\n", err)
	} else {
		defer store.Close()
		cfg.Sessions = func() *session.Store { return store }
	}
	p, err := openProject(ctx, env, o.workspace, o.settings, o.trusts, cfg.Sessions, project.Options{
		Agent: cfg.Agent, Approve: tools.ApproveMode(o.approve), Headless: true})
	if err != nil {
		return failure(env, "serve", err)
	}
	defer p.Close()
	cfg.Project = p
	srv, err := serve.New(*cfg)
	if err != nil {
		return failure(env, "serve", err)
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return failure(env, "serve", err)
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	err = srv.Serve(ctx, ln, func() { fmt.Fprintf(env.Stderr, "listening on http://%s\n", ln.Addr()) })
	if err != nil {
		return failure(env, "serve", err)
	}
	return ExitOK
}

// serveConfig checks the flags and builds the server's configuration; on
// failure it has printed why and returns the exit code.
func serveConfig(env *Env, fs *flag.FlagSet, o *serveOptions) (*serve.Config, int) {
	switch o.approve {
	case "never", "edits", "all":
	default:
		return nil, usageErr(env, fs, "--approve must be never, edits or all, not %q", o.approve)
	}
	if o.maxConcurrent < 1 || o.maxConcurrent > 256 {
		return nil, usageErr(env, fs, "--max-concurrent must be between 1 and 256")
	}
	if _, _, err := net.SplitHostPort(o.addr); err != nil {
		return nil, usageErr(env, fs, "--addr %q is not host:port", o.addr)
	}
	if !serve.IsLoopback(o.addr) && !o.allowRemote {
		return nil, usageErr(env, fs, "--addr %s can be reached from other computers; pass --allow-remote to serve there", o.addr)
	}
	st := loadSettings(env)
	if o.providerID == "" {
		o.providerID = st.ActiveProvider
	}
	if err := provider.ValidateID(o.providerID); err != nil {
		return nil, usageErr(env, fs, "%v", err)
	}
	if o.providerID == provider.OpenAICompatible && o.baseURL == "" {
		return nil, usageErr(env, fs, "--provider openai-compatible needs --base-url")
	}
	if o.baseURL != "" {
		if err := settings.CheckBaseURL(o.baseURL); err != nil {
			return nil, usageErr(env, fs, "--base-url: %v", err)
		}
	}
	ep, err := st.Resolve(o.providerID, env.Getenv)
	if err != nil {
		return nil, usageErr(env, fs, "%v", err)
	}
	if o.model == "" {
		o.model = ep.Model
	}
	if o.model == "" {
		return nil, usageErr(env, fs, "no model: pass --model (or set the provider's model in settings)")
	}
	ws := o.workspace
	if ws == "" {
		ws, _ = os.Getwd()
	}
	if abs, err := filepath.Abs(ws); err == nil {
		ws = abs
	}
	if fi, err := os.Stat(ws); err != nil || !fi.IsDir() {
		return nil, usageErr(env, fs, "--workspace %s is not a directory", ws)
	}
	tr, err := runTrust(env, ws, "", false)
	if err != nil {
		return nil, failure(env, "serve", err)
	}
	o.workspace, o.trusts, o.settings = ws, tr, st
	return &serve.Config{
		Settings:      func() settings.Settings { return st },
		Agent:         conversation.AgentChoice{ProviderID: o.providerID, BaseURL: o.baseURL, Model: o.model, MaxIterations: st.MaxIterations},
		MaxConcurrent: o.maxConcurrent,
		Version:       env.Version,
		Logf:          func(f string, a ...any) { fmt.Fprintf(env.Stderr, f+"\n", a...) },
	}, 0
}

// serveToken is HEARTH_API_TOKEN when set, else the keychain's token
// (generated on first use).
func serveToken(ctx context.Context, env *Env) (string, error) {
	if tok := env.Getenv("HEARTH_API_TOKEN"); tok != "" {
		redact.Register(tok)
		return tok, nil
	}
	if env.Secrets == nil {
		return "", errors.New("no keychain: set HEARTH_API_TOKEN")
	}
	tok, err := env.Secrets.ServeToken(ctx)
	if err != nil {
		return "", fmt.Errorf("%w; set HEARTH_API_TOKEN instead", err)
	}
	return tok, nil
}
