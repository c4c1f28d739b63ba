package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/provider/probe"
	"github.com/hearth-agent/hearth/agent/settings"
)

const keychainCallBudget = 10 * time.Second

// GetSettings returns the Settings panel's data.
func (a *Settings) GetSettings() SettingsView {
	ctx, cancel := a.callCtx(keychainCallBudget)
	defer cancel()
	return a.view(ctx)
}

// GlobalInput is the editable global part of Settings.
type GlobalInput struct {
	ActiveProvider  string   `json:"activeProvider"`
	ActiveModel     string   `json:"activeModel"`
	Temperature     *float64 `json:"temperature"`
	ReasoningEffort string   `json:"reasoningEffort"`
	MaxIterations   int      `json:"maxIterations"`
	ApprovalMode    string   `json:"approvalMode"`
	ModelTitles     bool     `json:"modelTitles"`
	// PromptProfile: "" automatic, "small" or "standard".
	PromptProfile string `json:"promptProfile"`
	// MaxRunning bounds the turns of a project running at once; 0 leaves
	// it as it is.
	MaxRunning int `json:"maxRunning,omitempty"`
	// BackgroundProcesses bounds one conversation's background processes;
	// 0 leaves it as it is.
	BackgroundProcesses int `json:"backgroundProcesses,omitempty"`
	// ContainApproved runs approved commands in the sandbox too.
	ContainApproved bool `json:"containApproved"`
	// ReopenLastWorkspace opens the last folder at start; nil leaves the
	// setting as it is.
	ReopenLastWorkspace *bool `json:"reopenLastWorkspace,omitempty"`
	// CheckOff runs no project check after edits; nil leaves it as it is.
	CheckOff *bool `json:"checkOff,omitempty"`
	// CheckRounds is how many times a failing check sends the model back
	// (0: never); nil leaves it as it is.
	CheckRounds *int `json:"checkRounds,omitempty"`
}

// SaveGlobal validates and saves the global settings.
func (a *Settings) SaveGlobal(in GlobalInput) (SettingsView, error) {
	_, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		if in.ActiveProvider != "" {
			if _, err := s.Resolve(in.ActiveProvider, a.deps.Getenv); err != nil {
				return invalidf("activeProvider", err.Error())
			}
		}
		s.ActiveProvider, s.ActiveModel = in.ActiveProvider, strings.TrimSpace(in.ActiveModel)
		s.Temperature, s.ReasoningEffort = in.Temperature, in.ReasoningEffort
		s.MaxIterations, s.ApprovalMode = in.MaxIterations, in.ApprovalMode
		titles := in.ModelTitles
		s.ModelTitles = &titles
		s.ContainApproved = in.ContainApproved
		s.PromptProfile = in.PromptProfile
		if in.MaxRunning != 0 {
			s.Conversations.MaxRunning = in.MaxRunning
		}
		if in.BackgroundProcesses != 0 {
			s.BackgroundProcesses = in.BackgroundProcesses
		}
		if in.ReopenLastWorkspace != nil {
			reopen := *in.ReopenLastWorkspace
			s.ReopenLast = &reopen
		}
		if in.CheckOff != nil {
			s.Check.Off = *in.CheckOff
		}
		if in.CheckRounds != nil {
			if *in.CheckRounds < 0 {
				return invalidf("checkRounds", "must be 0 or more")
			}
			s.Check = s.Check.WithFixRounds(*in.CheckRounds)
		}
		return nil
	})
	return a.GetSettings(), err
}

// ProviderInput is a provider's editable endpoint settings; an empty BaseURL
// means the provider's default.
type ProviderInput struct {
	BaseURL string `json:"baseUrl"`
	Model   string `json:"model"`
	// FastModel is the model for side work (explore subagent, titles); nil
	// leaves it as it is, "" uses Model.
	FastModel *string `json:"fastModel,omitempty"`
}

// SaveProvider saves a provider's base URL override and default model.
func (a *Settings) SaveProvider(id string, in ProviderInput) (SettingsView, error) {
	baseURL, model := strings.TrimSpace(in.BaseURL), strings.TrimSpace(in.Model)
	var fast *string
	if in.FastModel != nil {
		f := strings.TrimSpace(*in.FastModel)
		fast = &f
	}
	_, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		if name, ok := strings.CutPrefix(id, provider.CustomPrefix); ok {
			for i, c := range s.Custom {
				if strings.EqualFold(c.Name, name) {
					if baseURL == "" {
						return invalidf("baseUrl", "a custom endpoint needs a base URL")
					}
					s.Custom[i].BaseURL, s.Custom[i].Model = baseURL, model
					if fast != nil {
						s.Custom[i].FastModel = *fast
					}
					return nil
				}
			}
			return invalidf("provider", fmt.Sprintf("no custom endpoint named %q", name))
		}
		if _, ok := provider.Lookup(id); !ok || id == provider.OpenAICompatible {
			return invalidf("provider", fmt.Sprintf("unknown provider %q", id))
		}
		info, _ := provider.Lookup(id)
		if baseURL == info.DefaultBaseURL {
			baseURL = ""
		}
		p := s.Providers[id]
		p.BaseURL, p.Model = baseURL, model
		if fast != nil {
			p.FastModel = *fast
		}
		s.Providers[id] = p
		return nil
	})
	return a.GetSettings(), err
}

// AddCustomEndpoint adds an OpenAI-compatible endpoint.
func (a *Settings) AddCustomEndpoint(name, baseURL string) (SettingsView, error) {
	name, baseURL = strings.TrimSpace(name), strings.TrimSpace(baseURL)
	_, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		if _, exists := s.CustomByName(name); exists {
			return invalidf("name", fmt.Sprintf("an endpoint named %q already exists", name))
		}
		s.Custom = append(s.Custom, settings.CustomEndpoint{Name: name, BaseURL: baseURL})
		return nil
	})
	return a.GetSettings(), err
}

// RemoveCustomEndpoint removes a custom endpoint and its stored key.
func (a *Settings) RemoveCustomEndpoint(name string) (SettingsView, error) {
	var removed string
	_, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		for i, c := range s.Custom {
			if strings.EqualFold(c.Name, name) {
				removed = c.Name
				s.Custom = append(s.Custom[:i], s.Custom[i+1:]...)
				if s.ActiveProvider == provider.CustomPrefix+c.Name {
					s.ActiveProvider, s.ActiveModel = settings.Defaults().ActiveProvider, ""
				}
				return nil
			}
		}
		return invalidf("name", fmt.Sprintf("no custom endpoint named %q", name))
	})
	if err != nil {
		return a.GetSettings(), err
	}
	ctx, cancel := a.callCtx(keychainCallBudget)
	defer cancel()
	if derr := a.deps.Secrets.Delete(ctx, provider.CustomPrefix+removed); derr != nil {
		return a.view(ctx), fmt.Errorf("the endpoint was removed but its key could not be deleted: %w", derr)
	}
	return a.view(ctx), nil
}

// SetKey saves a provider's key in the OS keychain. The key is never
// returned, logged or echoed in an error.
func (a *Settings) SetKey(id, key string) (SettingsView, error) {
	if err := a.knownProvider(id); err != nil {
		return a.GetSettings(), err
	}
	ctx, cancel := a.callCtx(keychainCallBudget)
	defer cancel()
	err := a.deps.Secrets.Set(ctx, id, strings.TrimSpace(key))
	return a.view(ctx), err
}

// SetSessionKey keeps a key in memory until Hearth quits, for machines
// without a usable keychain.
func (a *Settings) SetSessionKey(id, key string) (SettingsView, error) {
	if err := a.knownProvider(id); err != nil {
		return a.GetSettings(), err
	}
	err := a.deps.Secrets.SetSessionOnly(id, strings.TrimSpace(key))
	return a.GetSettings(), err
}

// DeleteKey removes a provider's key from the keychain and memory.
func (a *Settings) DeleteKey(id string) (SettingsView, error) {
	if err := a.knownProvider(id); err != nil {
		return a.GetSettings(), err
	}
	ctx, cancel := a.callCtx(keychainCallBudget)
	defer cancel()
	err := a.deps.Secrets.Delete(ctx, id)
	return a.view(ctx), err
}

// ConnectionResult is the outcome of "Test connection".
type ConnectionResult struct {
	OK         bool     `json:"ok"`
	ModelCount int      `json:"modelCount"`
	Models     []string `json:"models"`
	Kind       string   `json:"kind,omitempty"`
	Message    string   `json:"message"`
}

// TestConnection asks the provider for its model list with the stored key.
func (a *Settings) TestConnection(id string) (ConnectionResult, error) {
	ctx, cancel := a.callCtx(20 * time.Second)
	defer cancel()
	models, err := a.listModels(ctx, id)
	var pe *probe.Error
	switch {
	case err == nil:
		return ConnectionResult{OK: true, ModelCount: len(models), Models: models,
			Message: fmt.Sprintf("Connected: %d models available.", len(models))}, nil
	case errors.As(err, &pe):
		return ConnectionResult{Kind: string(pe.Kind), Message: pe.Message}, nil
	default:
		return ConnectionResult{}, err
	}
}

// ListModels returns the provider's models, for the model picker.
func (a *Settings) ListModels(id string) ([]string, error) {
	ctx, cancel := a.callCtx(20 * time.Second)
	defer cancel()
	return a.listModels(ctx, id)
}

func (a *App) listModels(ctx context.Context, id string) ([]string, error) {
	st := a.deps.Settings.Get()
	ep, err := st.Resolve(id, a.deps.Getenv)
	if err != nil {
		return nil, invalidf("provider", err.Error())
	}
	key, _, _ := a.deps.Secrets.Resolve(ctx, id)
	info, _ := provider.Lookup(id)
	return probe.ListModels(ctx, a.deps.HTTP, probe.Target{Wire: ep.Wire, BaseURL: ep.BaseURL, Key: key, Name: info.Name})
}

// DetectLocal reports which local servers (Ollama, LM Studio) answer now.
func (a *Settings) DetectLocal() []string {
	ctx, cancel := a.callCtx(1500 * time.Millisecond)
	defer cancel()
	st := a.deps.Settings.Get()
	found := []string{}
	for _, p := range provider.Builtins() {
		if !p.Local {
			continue
		}
		ep, err := st.Resolve(p.ID, a.deps.Getenv)
		if err != nil {
			continue
		}
		if _, err := probe.ListModels(ctx, a.deps.HTTP, probe.Target{Wire: ep.Wire, BaseURL: ep.BaseURL, Name: p.Name}); err == nil {
			found = append(found, p.ID)
		}
	}
	return found
}

func (a *App) knownProvider(id string) error {
	st := a.deps.Settings.Get()
	if _, err := st.Resolve(id, a.deps.Getenv); err != nil || id == provider.OpenAICompatible {
		return invalidf("provider", fmt.Sprintf("unknown provider %q", id))
	}
	return nil
}

// Warnings lists problems found at startup (e.g. a corrupt settings file
// that was moved aside), for a banner the user cannot miss. It makes no
// keychain or network calls, so the shell can ask for it on first paint.
func (a *Shell) Warnings() []string {
	a.mu.Lock()
	out := append([]string{}, a.warnings...)
	a.mu.Unlock()
	if w := a.deps.Settings.Warning(); w != "" {
		out = append(out, w)
	}
	return out
}

// MarkFirstPaint is called by the frontend once its first frame is on
// screen; the first call runs Deps.Painted. With HEARTH_TRACE_STARTUP=1 it
// says when (TraceStartup), so bench/startup.sh can measure exec → first
// paint from outside.
func (a *Shell) MarkFirstPaint() {
	TraceStartup(a.deps.Getenv, "first-paint")
	if a.deps.Painted != nil {
		a.painted.Do(a.deps.Painted)
	}
}
