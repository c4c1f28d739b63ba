package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/media"
	"github.com/hearth-agent/hearth/agent/project"
	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/agent/worktree"
)

const runSynopsis = `run [--workspace DIR] [--provider ID] [--model NAME] [--base-url URL]
           [--max-iterations N] [--approve never|edits|all] [--trust] [--session ID]
           [--mcp-config FILE]... [--strict-mcp-config] [--mode plan [--approve-plan]]
           [--attach FILE]... [--worktree] [--offline] [--web-allow-local] [--json] [PROMPT]

Runs one agent turn headless. Provider ids: openai, anthropic, openrouter,
ollama, lmstudio, openai-compatible (needs --base-url; key optional).
--base-url includes the version segment, e.g. http://127.0.0.1:8080/v1.
Keys come from the keychain ('hearth keys set ID') or the provider's
environment variable. Without --provider/--model the settings' active
provider and model are used. What the workspace brings (.hearth/permissions.json
allow rules, hooks, MCP servers, commands, agents, skills) takes effect only
once the workspace is trusted in the app, or for one run with --trust.
MCP servers come from your mcp.json, the trusted workspace's .mcp.json and
each --mcp-config file (trusted for the run; --strict-mcp-config: only
those); their tools ask like any other (--approve all covers them, edits
does not). A PROMPT of "/server:prompt args" runs that server's prompt.
--mode plan only reads and searches and prints the model's plan (a "plan"
event with --json) without changing anything; --approve-plan then carries
the plan out under the --approve mode.
--attach sends a file with the prompt: an image (PNG, JPEG, GIF, WebP;
oriented, stripped of metadata and downscaled first), a PDF (Anthropic) or
a text file; with --attach, PROMPT may be left out.
web_fetch reads a URL (asked per domain; --approve all covers it) and
refuses private, loopback and metadata addresses after resolving the
name; --web-allow-local lets it reach the first two (web.allowLocal in
settings). web_search is offered once web.search names a provider.
--worktree works in a new worktree (see 'hearth worktree --help') and
leaves the workspace folder unchanged; --session continues a session in
the worktree it worked in.
--offline (or Settings' "Work offline") connects only to model servers on
this machine; a cloud provider, an HTTP MCP server or a web tool is
refused, and says "offline". Programs the agent runs are not covered.
Exit: 0 done, 1 error, 2 usage, 130 stopped.`

type runOptions struct {
	workspace, providerID, model, baseURL, approve string
	session                                        string
	maxIter                                        int
	json, trust, webAllowLocal                     bool
	prompt                                         string
	mcpConfig                                      listFlag
	attach                                         listFlag
	strictMCP                                      bool
	mode                                           string // "" or plan
	approvePlan                                    bool
	project                                        *project.Project // closed by runRun
	worktree                                       bool
	tree                                           *worktree.Tree  // the worktree the run works in
	newTree                                        *worktree.Store // set when this run made tree
}

func runRun(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "run", runSynopsis)
	var o runOptions
	fs.StringVar(&o.workspace, "workspace", "", "workspace directory (default: the current directory)")
	fs.StringVar(&o.providerID, "provider", "", "provider id (default: the active provider in settings)")
	fs.StringVar(&o.model, "model", "", "model name (default: the provider's model in settings)")
	fs.StringVar(&o.baseURL, "base-url", "", "endpoint URL with its version segment, overriding the provider's")
	fs.IntVar(&o.maxIter, "max-iterations", 0, "most model calls in the turn (default: settings, 50)")
	fs.StringVar(&o.approve, "approve", "never", "what runs without asking: never, edits or all")
	fs.BoolVar(&o.json, "json", false, "print one JSON event per line")
	fs.BoolVar(&o.trust, "trust", false, "trust what the workspace brings (its permission allow rules, hooks, MCP servers, commands) for this run only")
	fs.StringVar(&o.session, "session", "", "continue this session (id or unique prefix); default: a new session")
	fs.Var(&o.mcpConfig, "mcp-config", "an MCP servers file ({\"mcpServers\": …}) whose servers are trusted for this run (repeatable)")
	fs.BoolVar(&o.strictMCP, "strict-mcp-config", false, "use only the --mcp-config servers")
	fs.Var(&o.attach, "attach", "a file sent with the prompt: image, PDF or text (repeatable)")
	fs.BoolVar(&o.webAllowLocal, "web-allow-local", false, "let web_fetch reach private and loopback addresses (development; cloud metadata stays refused)")
	o.planFlags(fs)
	o.worktreeFlag(fs)
	offline := offlineFlag(fs)
	if code, ok := parseFlags(fs, env, args); !ok {
		return code
	}
	goOffline(*offline)
	o.prompt = strings.TrimSpace(strings.Join(fs.Args(), " "))
	var store *session.Store // opened once the agent is built
	conv, turn, code := setupRun(ctx, env, fs, &o, func() *session.Store { return store })
	if o.project != nil {
		defer o.project.Close()
	}
	if turn == nil {
		o.dropNewTree(ctx)
		return code
	}
	var err error
	if store, err = openRunSession(ctx, env, conv, &o); err != nil {
		o.dropNewTree(ctx)
		return failure(env, "run", err)
	}
	if store != nil {
		defer store.Close()
	}
	out := newRunPrinter(env, o.json, redact.New(turn.Built().Key))
	out.todos = conv.Todos
	out.worktree = o.tree
	if t := o.tree; !o.json && t != nil {
		fmt.Fprintf(env.Stderr, "hearth run: working in worktree %s at %s ('hearth worktree diff %s' shows what changed)\n", t.ID, termSafe(t.Path), t.ID)
	}
	res, err := turn.Run(ctx, out.event)
	o.recordWorktree(ctx, env, store, conv.SessionID())
	if err != nil {
		return failure(env, "run", err)
	}
	if id := conv.SessionID(); !o.json && id != "" {
		fmt.Fprintf(env.Stderr, "hearth run: session %s\n", id)
	}
	if code, decided := finishPlan(ctx, env, conv, out, &o, res); decided {
		return code
	}
	switch {
	case res.Stopped:
		return ExitInterrupted
	case res.Err != nil:
		return ExitFailure
	}
	return ExitOK
}

// setupRun validates the options, opens the workspace's conversation and
// builds the turn's agent. On failure it has printed why and returns the
// exit code.
func setupRun(ctx context.Context, env *Env, fs *flag.FlagSet, o *runOptions, sessions func() *session.Store) (*conversation.Conversation, *conversation.Turn, int) {
	if o.prompt == "" && len(o.attach) == 0 { // attachments alone are a prompt
		return nil, nil, usageErr(env, fs, "missing PROMPT (or --attach FILE)")
	}
	switch o.approve {
	case "never", "edits", "all":
	default:
		return nil, nil, usageErr(env, fs, "--approve must be never, edits or all, not %q", o.approve)
	}
	if msg := o.checkPlanFlags(); msg != "" {
		return nil, nil, usageErr(env, fs, "%s", msg)
	}
	if o.strictMCP && len(o.mcpConfig) == 0 {
		return nil, nil, usageErr(env, fs, "--strict-mcp-config needs at least one --mcp-config FILE")
	}
	if o.worktree && o.session != "" {
		return nil, nil, usageErr(env, fs, "--worktree starts a new conversation; --session continues one in its own worktree")
	}
	if o.maxIter < 0 || o.maxIter > 500 {
		return nil, nil, usageErr(env, fs, "--max-iterations must be between 1 and 500")
	}
	st := loadSettings(env)
	if o.providerID == "" {
		o.providerID = st.ActiveProvider
	}
	if err := provider.ValidateID(o.providerID); err != nil {
		return nil, nil, usageErr(env, fs, "%v", err)
	}
	if o.providerID == provider.OpenAICompatible && o.baseURL == "" {
		return nil, nil, usageErr(env, fs, "--provider openai-compatible needs --base-url")
	}
	if o.baseURL != "" {
		if err := settings.CheckBaseURL(o.baseURL); err != nil {
			return nil, nil, usageErr(env, fs, "--base-url: %v", err)
		}
	}
	if _, err := st.Resolve(o.providerID, env.Getenv); err != nil {
		return nil, nil, usageErr(env, fs, "%v", err)
	}
	if o.maxIter == 0 {
		o.maxIter = st.MaxIterations
	}
	ws := o.workspace
	if ws == "" {
		ws, _ = os.Getwd()
	}
	if abs, err := filepath.Abs(ws); err == nil {
		ws = abs
	}
	if fi, err := os.Stat(ws); err != nil || !fi.IsDir() {
		return nil, nil, usageErr(env, fs, "--workspace %s is not a directory", ws)
	}
	o.workspace = ws
	if err := o.enterWorktree(ctx, env); err != nil {
		return nil, nil, failure(env, "run", err)
	}
	ws = o.workspace
	origin := ""
	if o.tree != nil {
		origin = o.tree.Project
	}
	tr, err := runTrust(env, ws, origin, o.trust)
	if err != nil {
		return nil, nil, failure(env, "run", err)
	}
	o.project, err = openProject(ctx, env, ws, st, tr, sessions, project.Options{
		MCP: &project.MCPOptions{RunFiles: o.mcpConfig, Strict: o.strictMCP},
		Agent: conversation.AgentChoice{ProviderID: o.providerID, BaseURL: o.baseURL, Model: o.model,
			MaxIterations: o.maxIter},
		Approve:       tools.ApproveMode(o.approve),
		Headless:      true,
		WebAllowLocal: o.webAllowLocal,
		Origin:        origin,
	})
	if err != nil {
		return nil, nil, failure(env, "run", err)
	}
	// The turn waits for the servers itself and says so (mcp_waiting).
	if err := o.project.StartMCP(); err != nil {
		return nil, nil, failure(env, "run", err)
	}
	conv, err := o.project.NewConversation(runSink{env: env, json: o.json, ports: &shownPorts{}})
	if err != nil {
		return nil, nil, failure(env, "run", err)
	}
	for _, p := range conv.HookProblems() {
		fmt.Fprintf(env.Stderr, "hearth run: warning: %s\n", termSafe(p))
	}
	if err := conv.SetMode(o.mode); err != nil {
		return nil, nil, usageErr(env, fs, "%v", err)
	}
	turn, err := conv.Prepare(ctx, o.prompt)
	switch {
	case errors.Is(err, assembly.ErrNoModel):
		return nil, nil, usageErr(env, fs, "no model: pass --model (or set the provider's model in settings)")
	case err != nil:
		key, _ := envKeys(env)(ctx, o.providerID)
		return nil, nil, failure(env, "run", errors.New(redact.New(key).String(err.Error())))
	}
	mcpWarnings(env, "run", o.project.MCP()) // after the turn waited for the servers
	o.model = turn.Built().Model
	for _, path := range o.attach {
		a, err := media.PrepareFile(path, o.workspace, string(turn.Built().Wire))
		if err != nil {
			return nil, nil, usageErr(env, fs, "--attach: %v", err)
		}
		if a.Part.Kind != llm.PartText && !llm.SeesImages(o.model) {
			fmt.Fprintf(env.Stderr, "hearth run: warning: %s is not known to see images or documents; sending %s anyway (the provider will say if it can't)\n", o.model, filepath.Base(path))
		}
		turn.Attach(a.Part)
	}
	return conv, turn, 0
}

// runSink takes what the conversation reports; the turn's output itself is
// printed from the loop's events (runPrinter). Only the wait for MCP
// servers is printed from here: it comes before the turn's first request.
type runSink struct {
	env   *Env
	json  bool
	ports *shownPorts
}

func (s runSink) Emit(e conversation.Event) {
	w, ok := e.(*conversation.MCPWaiting)
	switch {
	case !ok:
	case s.json:
		v := map[string]any{"type": "mcp_waiting", "servers": w.Servers}
		if w.Done {
			v["done"] = true
		}
		if b, err := json.Marshal(v); err == nil {
			fmt.Fprintf(s.env.Stdout, "%s\n", b)
		}
	case !w.Done:
		noun := "server"
		if len(w.Servers) > 1 {
			noun = "servers"
		}
		fmt.Fprintf(s.env.Stderr, "hearth run: waiting for MCP %s %s to connect…\n", noun, termSafe(strings.Join(w.Servers, ", ")))
	}
}
func (runSink) SessionsChanged() {}
func (s runSink) Notice(err error) {
	fmt.Fprintf(s.env.Stderr, "hearth run: warning: %s\n", termSafe(err.Error()))
}

func loadSettings(env *Env) settings.Settings {
	st, warning := savedSettings(env)
	if warning != "" {
		fmt.Fprintf(env.Stderr, "hearth run: %s\n", warning)
	}
	return st
}

// savedSettings reads the settings file, or returns the defaults when there
// is none, with the warning the file's reading raised.
func savedSettings(env *Env) (settings.Settings, string) {
	dir := env.Getenv("HEARTH_CONFIG_DIR")
	if dir == "" {
		d, err := settings.DefaultDir()
		if err != nil {
			return settings.Defaults(), ""
		}
		dir = d
	}
	if _, err := os.Stat(filepath.Join(dir, settings.FileName)); err != nil {
		return settings.Defaults(), "" // nothing saved: do not create the directory
	}
	s, err := settings.Open(dir)
	if err != nil {
		return settings.Defaults(), ""
	}
	return s.Get(), s.Warning()
}

// userHome is where the user's own commands, skills and hooks live; ""
// (none) when the environment names no home.
func userHome(env *Env) string {
	if h := env.Getenv("HOME"); h != "" {
		return h
	}
	return env.Getenv("USERPROFILE")
}
