package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/llm/anthropic"
	"github.com/hearth-agent/hearth/agent/llm/openai"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/prompt"
	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/tools"
)

const runSynopsis = `run [--workspace DIR] [--provider ID] [--model NAME] [--base-url URL]
           [--max-iterations N] [--approve never|edits|all] [--json] PROMPT

Runs one agent turn headless. Provider ids: openai, anthropic, openrouter,
ollama, lmstudio, openai-compatible (needs --base-url; key optional).
--base-url includes the version segment, e.g. http://127.0.0.1:8080/v1.
Keys come from the keychain ('hearth keys set ID') or the provider's
environment variable. Without --provider/--model the settings' active
provider and model are used. Exit: 0 done, 1 error, 2 usage, 130 stopped.`

type runOptions struct {
	workspace, providerID, model, baseURL, approve string
	maxIter                                        int
	json                                           bool
	prompt                                         string
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
	if code, ok := parseFlags(fs, env, args); !ok {
		return code
	}
	o.prompt = strings.TrimSpace(strings.Join(fs.Args(), " "))
	a, key, code := setupRun(ctx, env, fs, &o)
	if a == nil {
		return code
	}
	out := newRunPrinter(env, o.json, redact.New(key))
	res := a.Run(ctx, nil, o.prompt, out.event)
	switch {
	case res.Stopped:
		return ExitInterrupted
	case res.Err != nil:
		return ExitFailure
	}
	return ExitOK
}

// setupRun validates the options and builds the agent. On failure it has
// printed why and returns the exit code.
func setupRun(ctx context.Context, env *Env, fs *flag.FlagSet, o *runOptions) (*loop.Agent, string, int) {
	if o.prompt == "" {
		return nil, "", usageErr(env, fs, "missing PROMPT")
	}
	switch o.approve {
	case "never", "edits", "all":
	default:
		return nil, "", usageErr(env, fs, "--approve must be never, edits or all, not %q", o.approve)
	}
	if o.maxIter < 0 || o.maxIter > 500 {
		return nil, "", usageErr(env, fs, "--max-iterations must be between 1 and 500")
	}
	st := loadSettings(env)
	if o.providerID == "" {
		o.providerID = st.ActiveProvider
	}
	if err := provider.ValidateID(o.providerID); err != nil {
		return nil, "", usageErr(env, fs, "%v", err)
	}
	if o.providerID == provider.OpenAICompatible && o.baseURL == "" {
		return nil, "", usageErr(env, fs, "--provider openai-compatible needs --base-url")
	}
	if o.baseURL != "" {
		if err := settings.CheckBaseURL(o.baseURL); err != nil {
			return nil, "", usageErr(env, fs, "--base-url: %v", err)
		}
	}
	ep, err := st.Resolve(o.providerID, env.Getenv)
	if err != nil {
		return nil, "", usageErr(env, fs, "%v", err)
	}
	if o.baseURL != "" {
		ep.BaseURL = o.baseURL
	}
	if o.model == "" {
		o.model = ep.Model
	}
	if o.model == "" {
		return nil, "", usageErr(env, fs, "no model: pass --model (or set the provider's model in settings)")
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
		return nil, "", usageErr(env, fs, "--workspace %s is not a directory", ws)
	}
	info, _ := provider.Lookup(o.providerID)
	key := ""
	if env.Secrets != nil {
		k, _, kerr := env.Secrets.Resolve(ctx, o.providerID)
		key = k
		if key == "" && info.NeedsKey {
			msg := fmt.Sprintf("no key for %s: run 'hearth keys set %s'", o.providerID, o.providerID)
			if info.KeyEnv != "" {
				msg += " or set " + info.KeyEnv
			}
			if kerr != nil {
				msg += fmt.Sprintf(" (the keychain: %v)", kerr)
			}
			return nil, "", failure(env, "run", errors.New(msg))
		}
	}
	a, err := buildAgent(ctx, env, ep, info, key, ws, o)
	if err != nil {
		return nil, "", failure(env, "run", errors.New(redact.New(key).String(err.Error())))
	}
	return a, key, 0
}

func loadSettings(env *Env) settings.Settings {
	dir := env.Getenv("HEARTH_CONFIG_DIR")
	if dir == "" {
		d, err := settings.DefaultDir()
		if err != nil {
			return settings.Defaults()
		}
		dir = d
	}
	if _, err := os.Stat(filepath.Join(dir, settings.FileName)); err != nil {
		return settings.Defaults() // nothing saved: do not create the directory
	}
	s, err := settings.Open(dir)
	if err != nil {
		return settings.Defaults()
	}
	if w := s.Warning(); w != "" {
		fmt.Fprintf(env.Stderr, "hearth run: %s\n", w)
	}
	return s.Get()
}

func buildAgent(ctx context.Context, env *Env, ep settings.Endpoint, info provider.Info, key, ws string, o *runOptions) (*loop.Agent, error) {
	hc := llm.NewHTTPClient()
	idle := llm.DefaultIdleTimeout
	if info.Local || o.providerID == provider.OpenAICompatible {
		idle = 5 * time.Minute // a local server may load the model before its first byte
	}
	cfg := loop.Config{Model: o.model, MaxIterations: o.maxIter, Retry: llm.DefaultRetry(),
		SpillDir: filepath.Join(ws, ".hearth", "tool-outputs"), Logf: func(string, ...any) {}}
	cfg.Pricing, _ = llm.LookupModel(o.model)
	cfg.Window = cfg.Pricing.Context
	if ep.Wire == provider.WireAnthropic {
		cfg.Client = anthropic.New(anthropic.Config{BaseURL: ep.BaseURL, APIKey: key, HTTP: hc, IdleTimeout: idle})
		cfg.Cache = true
	} else {
		cfg.Client = openai.New(openai.Config{BaseURL: ep.BaseURL, APIKey: key, HTTP: hc, IdleTimeout: idle,
			OpenRouter: o.providerID == "openrouter", SendReasoningEffort: o.providerID == "openai" || o.providerID == "openrouter"})
	}
	if info.Local || o.providerID == provider.OpenAICompatible {
		pctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		server := map[string]openai.Server{"ollama": openai.Ollama, "lmstudio": openai.LMStudio}[o.providerID]
		n, err := openai.ContextLength(pctx, &http.Client{Timeout: 3 * time.Second}, server, ep.BaseURL, o.model)
		cancel()
		if err == nil && n > 0 {
			cfg.Window = n
			if o.providerID == "ollama" {
				cfg.NumCtx = openai.OllamaNumCtx(n, 0)
				cfg.Window = cfg.NumCtx
			}
		}
	}
	toolset, err := tools.Builtin(tools.Config{Workspace: ws, Approve: tools.ApproveMode(o.approve)})
	if err != nil {
		return nil, err
	}
	defs, err := loop.Definitions(toolset)
	if err != nil {
		return nil, err
	}
	cfg.Tools = toolset
	data := prompt.Data{Workspace: ws, OS: runtime.GOOS, Date: time.Now(), Tools: defs}
	if cfg.System, err = prompt.System(data); err != nil {
		return nil, err
	}
	// A local model that refuses native tools falls back to the text protocol.
	data.TextProtocol = true
	if cfg.TextProtocolSystem, err = prompt.System(data); err != nil {
		return nil, err
	}
	return loop.New(cfg)
}

// runPrinter writes events as JSON lines or as readable text. Everything
// it prints goes through the redactor so a key never reaches the output.
type runPrinter struct {
	env    *Env
	json   bool
	red    *redact.Redactor
	args   map[string]json.RawMessage
	midRow bool // the last text written did not end a line
}

func newRunPrinter(env *Env, asJSON bool, red *redact.Redactor) *runPrinter {
	return &runPrinter{env: env, json: asJSON, red: red, args: map[string]json.RawMessage{}}
}

func (p *runPrinter) line(v map[string]any) {
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	fmt.Fprintf(p.env.Stdout, "%s\n", b)
}

func (p *runPrinter) event(e loop.Event) {
	r := p.red.String
	if p.json {
		p.jsonEvent(e, r)
		return
	}
	w, errw := p.env.Stdout, p.env.Stderr
	switch e := e.(type) {
	case loop.TextDelta:
		io.WriteString(w, r(e.Text))
		p.midRow = !strings.HasSuffix(e.Text, "\n")
	case loop.ToolCallStarted:
		p.args[e.ID] = e.Args
	case loop.ToolCallFinished:
		p.endRow()
		fmt.Fprintf(w, "• %s %s → %s\n", e.Name, r(string(p.args[e.ID])), e.Status)
	case loop.Retrying:
		fmt.Fprintf(errw, "hearth run: %s, retrying in %s (attempt %d)\n", e.Class, e.Delay.Round(time.Millisecond), e.Attempt)
	case loop.Compacted:
		fmt.Fprintf(errw, "hearth run: compacted the history (%s): ~%d → ~%d tokens\n", e.Kind, e.Before, e.After)
	case loop.TurnError:
		p.endRow()
		fmt.Fprintf(errw, "hearth run: %s\n", r(e.Message))
	case loop.TurnDone:
		p.endRow()
		status := "Cooked for " + cookedFor(e.Elapsed)
		if e.Stopped {
			status = "Stopped after " + cookedFor(e.Elapsed)
		}
		fmt.Fprintf(errw, "%s · %d model calls · %d in (%d cached) / %d out tokens", status, e.Iterations,
			e.Usage.InputTokens, e.Usage.CachedInputTokens, e.Usage.OutputTokens)
		if e.CostKnown {
			fmt.Fprintf(errw, " · $%.4f", e.Cost)
		}
		fmt.Fprintln(errw)
	}
}

func (p *runPrinter) endRow() {
	if p.midRow {
		fmt.Fprintln(p.env.Stdout)
		p.midRow = false
	}
}

func (p *runPrinter) jsonEvent(e loop.Event, r func(string) string) {
	switch e := e.(type) {
	case loop.TextDelta:
		p.line(map[string]any{"type": "text", "text": r(e.Text)})
	case loop.ReasoningDelta:
		p.line(map[string]any{"type": "reasoning", "text": r(e.Text)})
	case loop.ToolCallStarted:
		args := json.RawMessage(r(string(e.Args)))
		if !json.Valid(args) {
			args = json.RawMessage("{}")
		}
		p.line(map[string]any{"type": "tool_call", "id": e.ID, "name": e.Name, "args": args})
	case loop.ToolCallFinished:
		p.line(map[string]any{"type": "tool_result", "id": e.ID, "name": e.Name, "status": string(e.Status), "output": r(e.Output)})
	case loop.UsageReported:
		u := e.Usage
		p.line(map[string]any{"type": "usage", "input_tokens": u.InputTokens, "cached_input_tokens": u.CachedInputTokens,
			"output_tokens": u.OutputTokens, "reasoning_tokens": u.ReasoningTokens})
	case loop.Retrying:
		p.line(map[string]any{"type": "retry", "class": string(e.Class), "attempt": e.Attempt, "delay_ms": e.Delay.Milliseconds()})
	case loop.TurnError:
		p.line(map[string]any{"type": "error", "class": string(e.Class), "message": r(e.Message)})
	case loop.TurnDone:
		p.line(map[string]any{"type": "done", "text": r(e.Text), "iterations": e.Iterations, "elapsed_ms": e.Elapsed.Milliseconds()})
	}
}

// cookedFor formats a duration the way the app shows it: "1 m 05 s".
func cookedFor(d time.Duration) string {
	s := int(d.Round(time.Second).Seconds())
	if s < 60 {
		return fmt.Sprintf("%d s", s)
	}
	return fmt.Sprintf("%d m %02d s", s/60, s%60)
}
