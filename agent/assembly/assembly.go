// Package assembly builds a ready-to-run agent from the user's settings: it
// resolves the provider's endpoint, key and model, picks the wire adapter,
// reads local servers' real context length, renders the system prompt and
// builds the workspace tools. The desktop app and `hearth run` both use it,
// so a turn behaves the same in either.
package assembly

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/egress"
	"github.com/hearth-agent/hearth/agent/hooks"
	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/llm/anthropic"
	"github.com/hearth-agent/hearth/agent/llm/openai"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/prompt"
	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/provider/probe"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/skills"
	"github.com/hearth-agent/hearth/agent/subagent"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
)

// KeyResolver finds a provider's key; "" with a nil error means none is set.
type KeyResolver func(ctx context.Context, id string) (string, error)

// Spec says which agent to build. Empty fields fall back to the settings.
type Spec struct {
	Settings      settings.Settings
	ProviderID    string
	BaseURL       string
	Model         string
	MaxIterations int
	Workspace     string // absolute
	Tools         tools.Config
	// ClientTools are an API client's own tools, offered beside Hearth's
	// and run by the client (loop.Config.ClientTools).
	ClientTools []llm.ToolDef
	// ToolChoice is the request's demand on tool calls (loop.Config).
	ToolChoice llm.ToolChoice
	// Temperature and MaxTokens, when set, override the settings for
	// this agent (an API request's own).
	Temperature *float64
	MaxTokens   int
	// HTTP carries the model calls; nil is a client of the agent's own.
	// A caller building many agents (hearth serve) shares one, so their
	// connections to the provider are reused instead of left idle.
	HTTP *http.Client
	// CacheDir holds Hearth's per-workspace state kept outside the
	// workspace (compaction's spill store); "" is os.UserCacheDir()/Hearth.
	CacheDir string
	Getenv   func(string) string
	Logf     func(format string, args ...any)
	// MCP offers its connected servers' tools (nil: none). When their
	// definitions take more than MCPBudget of the context window (0 is
	// mcp.DefaultBudget) they are deferred behind mcp_search.
	MCP       *mcp.Manager
	MCPBudget float64
	// Skills are offered by name and description, their bodies through the
	// skill tool (nil: none).
	Skills *skills.Set
	// Hooks' PreToolUse and PostToolUse commands wrap every tool (nil: none).
	Hooks       *hooks.Set
	HookSession hooks.Session
	// Agents are the subagents the task tool offers; nil offers no task
	// tool.
	Agents []subagent.Def
	// Cache, when set, keeps the rendered system prompt and a local
	// server's probed window between builds (nil: computed every time).
	Cache *Cache
}

// NoKeyError means the provider needs a key and none is set anywhere.
type NoKeyError struct {
	Provider string
	KeyEnv   string
	Cause    error // a keychain failure seen on the way, if any
}

func (e *NoKeyError) Error() string {
	msg := fmt.Sprintf("no key for %s: add one in Settings or run 'hearth keys set %s'", e.Provider, e.Provider)
	if e.KeyEnv != "" {
		msg += " (or set " + e.KeyEnv + ")"
	}
	if e.Cause != nil {
		msg += fmt.Sprintf("; the keychain said: %v", e.Cause)
	}
	return msg
}

// ErrNoModel means neither the spec nor the settings name a model.
var ErrNoModel = errors.New("no model chosen: pick one in Settings (or pass --model)")

// Built is an assembled agent with what the caller needs to report on it.
type Built struct {
	Agent    *loop.Agent
	Client   llm.Client // for side requests such as naming the conversation
	Provider string
	Wire     provider.Wire // which adapter the agent speaks through
	Model    string
	Window   int
	Key      string // for redacting output; never shown
	System   string // the system prompt the agent sends
	// FastModel is the provider's fast model for side work, "" when none.
	FastModel string
	// Notices are what the person should hear of that did not stop the
	// build: instruction files left out of the system prompt.
	Notices []error
	// Profile is the prompt and toolset chosen for the model's window:
	// prompt.Small under prompt.SmallWindow tokens, else prompt.Standard.
	Profile prompt.Profile
	// Shell is the turn's shell tool (its rules, approvals and sandbox),
	// for commands Hearth runs itself at the turn's end (the check).
	Shell tool.Tool
}

// Build resolves spec and returns the agent, one step (buildSteps) after
// another.
func Build(ctx context.Context, keys KeyResolver, spec Spec) (*Built, error) {
	b := &build{spec: spec, keys: keys}
	for _, s := range buildSteps {
		if err := s.run(b, ctx); err != nil {
			return nil, err
		}
	}
	a, err := loop.New(b.cfg)
	if err != nil {
		return nil, err
	}
	return &Built{Agent: a, Client: b.cfg.Client, Provider: b.id, Wire: b.ep.Wire, Model: b.model, Window: b.cfg.Window, Key: b.key, System: b.cfg.System, FastModel: b.ep.FastModel,
		Notices: b.notices, Profile: b.profile, Shell: b.shell}, nil
}

// build is what Build's steps share: the spec, what the steps before
// resolved, and the loop's config as it is filled in.
type build struct {
	spec Spec
	keys KeyResolver

	id    string // the provider
	ep    settings.Endpoint
	info  provider.Info
	model string
	key   string
	logf  func(format string, args ...any)
	cfg   loop.Config

	profile prompt.Profile
	offered []*mcp.Tool // the MCP tools as the turn starts
	// held are the small profile's tools the model loads when it needs
	// them; offer is every tool offered with the MCP tools now (base, the
	// loaded held ones, MCP's through the set's gate within the budget).
	held             *tools.Deferred
	offer            func([]*mcp.Tool) []tool.Tool
	toolset          []tool.Tool
	data             prompt.Data
	instructionBytes int
	notices          []error // the first render's; a refresh reads the same files
	shell            tool.Tool
}

// buildSteps build an agent, in order: each reads what the ones before
// it resolved (the tools' MCP budget needs the window, the system prompt
// lists the tools, following MCP re-renders it).
var buildSteps = []struct {
	name string
	run  func(b *build, ctx context.Context) error
}{
	{"provider", (*build).endpoint},
	{"key", (*build).resolveKey},
	{"loop", (*build).loopConfig},
	{"client", (*build).client},
	{"tools", (*build).offerTools},
	{"prompt", (*build).renderPrompt},
	{"mcp-follow", (*build).followServers},
}

// endpoint resolves the provider, its endpoint and the model.
func (b *build) endpoint(ctx context.Context) error {
	st, spec := b.spec.Settings, b.spec
	id := spec.ProviderID
	if id == "" {
		id = st.ActiveProvider
	}
	if err := provider.ValidateID(id); err != nil {
		return err
	}
	ep, err := st.Resolve(id, spec.Getenv)
	if err != nil {
		return err
	}
	if spec.BaseURL != "" {
		ep.BaseURL = spec.BaseURL
	}
	if ep.BaseURL == "" {
		return fmt.Errorf("%s needs a base URL", id)
	}
	model := spec.Model
	if model == "" {
		model = ep.Model
	}
	info, _ := provider.Lookup(id)
	if model == "" && info.Local {
		if model, err = servedModel(ctx, info, ep.BaseURL); err != nil {
			return err
		}
	}
	if model == "" {
		return ErrNoModel
	}
	b.id, b.ep, b.info, b.model = id, ep, info, model
	return nil
}

// resolveKey finds the provider's key, refusing to go on without one the
// provider needs.
func (b *build) resolveKey(ctx context.Context) error {
	key, kerr := b.keys(ctx, b.id)
	redact.Register(key) // whatever resolved it, the key the agent uses is redacted everywhere
	if key == "" && b.info.NeedsKey {
		return &NoKeyError{Provider: b.id, KeyEnv: b.info.KeyEnv, Cause: kerr}
	}
	b.key = key
	return nil
}

// loopConfig lays the settings and the spec over the loop's config:
// iterations, sampling, compaction, reasoning, pricing and window.
func (b *build) loopConfig(context.Context) error {
	st, spec, model := b.spec.Settings, b.spec, b.model
	maxIter := spec.MaxIterations
	if maxIter == 0 {
		maxIter = st.MaxIterations
	}
	logf := spec.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	cfg := loop.Config{Model: model, MaxIterations: maxIter, Retry: llm.DefaultRetry(), Temperature: st.Temperature, Logf: logf,
		ClientTools: spec.ClientTools, ToolChoice: spec.ToolChoice, MaxTokens: spec.MaxTokens}
	if spec.Temperature != nil {
		cfg.Temperature = spec.Temperature
	}
	if spec.Hooks.Has(hooks.PreCompact) {
		cfg.PreCompact = func(ctx context.Context) {
			in := hooks.Input{SessionID: spec.HookSession.ID, Cwd: spec.Workspace, Trigger: "auto", CustomInstructions: new(string)}
			spec.Hooks.Fire(ctx, hooks.PreCompact, "auto", in, spec.HookSession.Report)
		}
	}
	var err error
	if cfg.SpillDir, err = SpillDir(spec.CacheDir, spec.Workspace); err != nil {
		logf("compaction keeps no copies: %v", err) // the note then asks to call the tool again
	}
	// A model without reasoning refuses the field, so the effort goes only where it is taken.
	if st.ReasoningEffort != "" && st.ReasoningEffort != "off" && provider.Effort(b.id, model) {
		cfg.Reasoning = st.ReasoningEffort
	}
	cfg.Pricing, _ = llm.LookupModel(model)
	if llm.SeesImages(model) {
		cfg.Vision = string(b.ep.Wire)
	}
	if o, ok := st.Models[model]; ok {
		cfg.Pricing = applyOverride(cfg.Pricing, o)
	}
	cfg.Window = cfg.Pricing.Context
	b.cfg, b.logf = cfg, logf
	return nil
}

// client picks the wire adapter and, for a local server, reads its real
// context window.
func (b *build) client(ctx context.Context) error {
	id, ep, model, key := b.id, b.ep, b.model, b.key
	hc := b.spec.HTTP
	if hc == nil {
		hc = llm.NewHTTPClient()
	}
	local := b.info.Local || id == provider.OpenAICompatible || strings.HasPrefix(id, provider.CustomPrefix)
	idle := llm.DefaultIdleTimeout
	if local {
		idle = 5 * time.Minute // a local server may load the model before its first byte
	}
	if ep.Wire == provider.WireAnthropic {
		b.cfg.Client = anthropic.New(anthropic.Config{BaseURL: ep.BaseURL, APIKey: key, HTTP: hc, IdleTimeout: idle})
		b.cfg.Cache = true
	} else {
		b.cfg.Client = openai.New(openai.Config{BaseURL: ep.BaseURL, APIKey: key, HTTP: hc, IdleTimeout: idle,
			OpenRouter: id == "openrouter", SendReasoningEffort: id == "openai" || id == "openrouter"})
	}
	if b.cfg.Vision == "" {
		if sees, _ := b.spec.Cache.Vision(ctx, id, ep.BaseURL, model); sees {
			b.cfg.Vision = string(ep.Wire)
		}
	}
	if local {
		key := id + "\x00" + ep.BaseURL + "\x00" + model
		p, ok := b.spec.Cache.window(key)
		if !ok {
			p = probeContext(ctx, id, ep.BaseURL, model)
			b.spec.Cache.keepWindow(key, p)
		}
		if p.ok {
			b.cfg.Window, b.cfg.NumCtx = p.window, p.numCtx
		}
	}
	return nil
}

// servedModel is the first model a local server serves, for a user who
// chose none: with only Ollama running, the first message just works.
func servedModel(ctx context.Context, info provider.Info, baseURL string) (string, error) {
	pctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	models, err := probe.ListModels(pctx, egress.Client(egress.Model, egress.WithTimeout(3*time.Second)),
		probe.Target{Wire: info.Wire, BaseURL: baseURL, Name: info.Name})
	if err != nil {
		return "", err
	}
	for _, m := range models {
		if !strings.Contains(strings.ToLower(m), "embed") { // embedding models cannot chat
			return m, nil
		}
	}
	return "", fmt.Errorf("%w: %s serves no chat model yet (for Ollama: ollama pull qwen3)", ErrNoModel, info.Name)
}

// probeContext reads a local server's real context length so long prompts
// are never silently truncated (Ollama also gets options.num_ctx).
func probeContext(ctx context.Context, id, baseURL, model string) probed {
	pctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	server := map[string]openai.Server{"ollama": openai.Ollama, "lmstudio": openai.LMStudio}[id]
	n, err := openai.ContextLength(pctx, egress.Client(egress.Model, egress.WithTimeout(3*time.Second)), server, baseURL, model)
	if err != nil || n <= 0 {
		return probed{}
	}
	if id == "ollama" {
		n = openai.OllamaNumCtx(n, 0)
		return probed{window: n, numCtx: n, ok: true}
	}
	return probed{window: n, ok: true}
}

// applyOverride lays the user's figures for a model over the built-in ones.
func applyOverride(m llm.ModelInfo, o settings.ModelOverride) llm.ModelInfo {
	if o.Context > 0 {
		m.Context = o.Context
	}
	if o.MaxOutput > 0 {
		m.MaxOutput = o.MaxOutput
	}
	for _, f := range []struct {
		from *float64
		to   *float64
	}{{o.Input, &m.Input}, {o.CachedInput, &m.CachedInput}, {o.Output, &m.Output}} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	return m
}
