// Package settings holds Hearth's user preferences: the active provider and
// model, per-provider endpoints, and agent defaults. Keys are never part of
// it; they live in the OS keychain (package secrets).
package settings

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/update"
)

// SchemaVersion is the version written to settings.json. A file with a newer
// version was written by a newer Hearth and is not overwritten.
const SchemaVersion = 1

// Reasoning efforts and approval modes accepted in settings.
var (
	ReasoningEfforts = []string{"off", "low", "medium", "high"}
	ApprovalModes    = []string{"ask", "edits", "auto"}
	// Themes are the window's colour schemes; "system" follows the OS.
	Themes = []string{"system", "light", "dark"}
	// PromptProfiles are the values of Settings.PromptProfile; "" is
	// automatic.
	PromptProfiles = []string{"", "small", "standard"}
)

// Settings is the whole preferences document.
type Settings struct {
	Version         int                         `json:"version"`
	ActiveProvider  string                      `json:"activeProvider"`
	ActiveModel     string                      `json:"activeModel"`
	Temperature     *float64                    `json:"temperature,omitempty"`
	ReasoningEffort string                      `json:"reasoningEffort"`
	MaxIterations   int                         `json:"maxIterations"`
	ApprovalMode    string                      `json:"approvalMode"`
	Providers       map[string]ProviderSettings `json:"providers"`
	Custom          []CustomEndpoint            `json:"customEndpoints"`
	Window          Window                      `json:"window"`
	// Models overrides the built-in context window and prices of a model
	// (keyed by model name), or describes one Hearth does not know.
	Models map[string]ModelOverride `json:"models,omitempty"`
	// ModelTitles lets the active model name each conversation after its
	// first exchange (nil means yes). The request goes only to the
	// provider the user chose.
	ModelTitles *bool `json:"modelTitles,omitempty"`
	// Recent lists the workspaces opened last, newest first.
	Recent []string `json:"recentWorkspaces,omitempty"`
	// ReopenLast opens the last workspace when the app starts (nil means
	// yes).
	ReopenLast *bool `json:"reopenLastWorkspace,omitempty"`
	// KnowledgeFolders (docs, notes) are indexed with every workspace and
	// searchable beside it, each labelled with its source.
	KnowledgeFolders []KnowledgeFolder `json:"knowledgeFolders,omitempty"`
	// ContainApproved runs approved shell commands in the sandbox too, so
	// they write only the workspace and a temp dir.
	ContainApproved bool `json:"containApprovedCommands,omitempty"`
	// PromptProfile is how much prompt and how many tools a model is
	// given: "" picks the small profile for a window under 16k tokens,
	// "small" or "standard" hold one for every model.
	PromptProfile string `json:"promptProfile,omitempty"`
	// ReadOnlyTools are MCP tool name patterns (mcp__github__get_*) the
	// person marked read-only: the only MCP tools plan mode lets run.
	ReadOnlyTools []string `json:"readOnlyTools,omitempty"`
	// DisabledSkills names the skills the model is not offered.
	DisabledSkills []string `json:"disabledSkills,omitempty"`
	// MCPBudgetPercent is the share of the model's context window MCP tool
	// definitions may take before they are deferred behind mcp_search (0:
	// the default).
	MCPBudgetPercent int `json:"mcpBudgetPercent,omitempty"`
	// BackgroundProcesses is how many background processes one
	// conversation may run at once (0: the default, 4).
	BackgroundProcesses int `json:"backgroundProcesses,omitempty"`
	// Theme is the window's colour scheme, one of Themes ("" means system).
	Theme string `json:"theme,omitempty"`
	// Updates is the check for a newer release: off until the person turns
	// it on.
	Updates UpdateCheck `json:"updates,omitzero"`
	// Diagnostics are the language servers' reports after each edit.
	Diagnostics Diagnostics `json:"diagnostics,omitzero"`
	// Check is the project check run after a turn's edits (agent/check).
	Check Check `json:"check,omitzero"`
	// Offline ("Work offline"): Hearth connects only to model servers on
	// this machine; agent/egress refuses every other request.
	Offline bool `json:"offline,omitempty"`
	// Web is web_fetch's reach and web_search's provider.
	Web Web `json:"web,omitzero"`
	// Notifications are the desktop notifications' kinds and details.
	Notifications Notifications `json:"notifications,omitzero"`
	// Conversations bound how many of a project's turns run at once.
	Conversations Conversations `json:"conversations,omitzero"`
}

// UpdateCheck is where and whether to look for a newer Hearth.
type UpdateCheck struct {
	Enabled bool `json:"enabled,omitempty"`
	// FeedURL is the release feed, "" for update.DefaultFeedURL.
	FeedURL string `json:"feedUrl,omitempty"`
}

// ThemeName is the chosen theme, "system" when none is set.
func (s *Settings) ThemeName() string {
	if s.Theme == "" {
		return "system"
	}
	return s.Theme
}

// SkillEnabled says whether the skill name is offered to the model.
func (s *Settings) SkillEnabled(name string) bool { return !slices.Contains(s.DisabledSkills, name) }

// SetSkillEnabled turns the skill name on or off.
func (s *Settings) SetSkillEnabled(name string, on bool) {
	s.DisabledSkills = slices.DeleteFunc(s.DisabledSkills, func(n string) bool { return n == name })
	if !on {
		s.DisabledSkills = append(s.DisabledSkills, name)
		slices.Sort(s.DisabledSkills)
	}
}

// KnowledgeFolder is an extra folder for the knowledge index.
type KnowledgeFolder struct {
	Label string `json:"label"`
	Path  string `json:"path"`
}

// ModelOverride replaces what Hearth knows about a model; zero fields keep
// the built-in value. Prices are USD per million tokens.
type ModelOverride struct {
	Context     int      `json:"context,omitempty"`
	MaxOutput   int      `json:"maxOutput,omitempty"`
	Input       *float64 `json:"input,omitempty"`
	CachedInput *float64 `json:"cachedInput,omitempty"`
	Output      *float64 `json:"output,omitempty"`
}

// ProviderSettings overrides a built-in provider's endpoint and default model.
type ProviderSettings struct {
	BaseURL string `json:"baseUrl,omitempty"`
	Model   string `json:"model,omitempty"`
	// FastModel is a smaller model of the same provider for side work: the
	// explore subagent and conversation titles ("" uses Model).
	FastModel string `json:"fastModel,omitempty"`
}

// CustomEndpoint is a user-defined OpenAI-compatible server.
type CustomEndpoint struct {
	Name      string `json:"name"`
	BaseURL   string `json:"baseUrl"`
	Model     string `json:"model,omitempty"`
	FastModel string `json:"fastModel,omitempty"` // see ProviderSettings.FastModel
}

// Window remembers the main window's geometry between runs.
type Window struct {
	Width  int  `json:"width,omitempty"`
	Height int  `json:"height,omitempty"`
	X      int  `json:"x,omitempty"`
	Y      int  `json:"y,omitempty"`
	Placed bool `json:"placed,omitempty"`
}

// Defaults returns the settings used when no file exists.
func Defaults() Settings {
	return Settings{
		Version:         SchemaVersion,
		ActiveProvider:  "openai",
		ReasoningEffort: "medium",
		MaxIterations:   50,
		ApprovalMode:    "ask",
		Providers:       map[string]ProviderSettings{},
		Window:          Window{Width: 1180, Height: 780},
	}
}

// ValidationError names the field that is wrong and why.
type ValidationError struct {
	Field  string
	Reason string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Reason }

// Validate checks every field and returns the first problem found.
func (s *Settings) Validate() error {
	if s.ActiveProvider != "" {
		if err := provider.ValidateID(s.ActiveProvider); err != nil {
			return &ValidationError{"activeProvider", err.Error()}
		}
	}
	if t := s.Temperature; t != nil && (*t < 0 || *t > 2) {
		return &ValidationError{"temperature", "must be between 0 and 2"}
	}
	if !contains(ReasoningEfforts, s.ReasoningEffort) {
		return &ValidationError{"reasoningEffort", "must be one of " + strings.Join(ReasoningEfforts, ", ")}
	}
	if !contains(PromptProfiles, s.PromptProfile) {
		return &ValidationError{"promptProfile", `must be "" (automatic), "small" or "standard"`}
	}
	if s.MaxIterations < 1 || s.MaxIterations > 500 {
		return &ValidationError{"maxIterations", "must be between 1 and 500"}
	}
	if s.BackgroundProcesses < 0 || s.BackgroundProcesses > 32 {
		return &ValidationError{"backgroundProcesses", "must be between 1 and 32 (0 for the default)"}
	}
	if s.MCPBudgetPercent < 0 || s.MCPBudgetPercent > 100 {
		return &ValidationError{"mcpBudgetPercent", "must be between 1 and 100 (0 for the default)"}
	}
	if !contains(ApprovalModes, s.ApprovalMode) {
		return &ValidationError{"approvalMode", "must be one of " + strings.Join(ApprovalModes, ", ")}
	}
	for id, p := range s.Providers {
		if _, ok := provider.Lookup(id); !ok || strings.HasPrefix(id, provider.CustomPrefix) {
			return &ValidationError{"providers." + id, "not a built-in provider"}
		}
		if p.BaseURL != "" {
			if err := CheckBaseURL(p.BaseURL); err != nil {
				return &ValidationError{"providers." + id + ".baseUrl", err.Error()}
			}
		}
	}
	for name, m := range s.Models {
		if strings.TrimSpace(name) == "" {
			return &ValidationError{"models", "a model override needs a model name"}
		}
		if m.Context < 0 || m.MaxOutput < 0 {
			return &ValidationError{"models." + name, "token counts cannot be negative"}
		}
		for _, p := range []*float64{m.Input, m.CachedInput, m.Output} {
			if p != nil && *p < 0 {
				return &ValidationError{"models." + name, "prices cannot be negative"}
			}
		}
	}
	if s.Theme != "" && !contains(Themes, s.Theme) {
		return &ValidationError{"theme", "must be one of " + strings.Join(Themes, ", ")}
	}
	if s.Updates.FeedURL != "" {
		if err := update.CheckURL(s.Updates.FeedURL); err != nil {
			return &ValidationError{"updates.feedUrl", strings.TrimPrefix(err.Error(), "update: ")}
		}
	}
	if err := s.Web.validate(); err != nil {
		return err
	}
	if err := s.Conversations.validate(); err != nil {
		return err
	}
	if err := s.Check.validate(); err != nil {
		return err
	}
	for _, p := range s.ReadOnlyTools {
		if _, err := path.Match(p, ""); err != nil || strings.TrimSpace(p) == "" {
			return &ValidationError{"readOnlyTools", fmt.Sprintf("%q is not a valid tool name pattern", p)}
		}
	}
	labels := map[string]bool{}
	for _, f := range s.KnowledgeFolders {
		if !provider.ValidCustomName(f.Label) {
			return &ValidationError{"knowledgeFolders", fmt.Sprintf("%q is not a valid label (letters, digits, space, _ . -)", f.Label)}
		}
		if labels[strings.ToLower(f.Label)] {
			return &ValidationError{"knowledgeFolders", fmt.Sprintf("the label %q is used twice", f.Label)}
		}
		labels[strings.ToLower(f.Label)] = true
		if !filepath.IsAbs(f.Path) {
			return &ValidationError{"knowledgeFolders." + f.Label, "the path must be absolute"}
		}
	}
	seen := map[string]bool{}
	for _, c := range s.Custom {
		if !provider.ValidCustomName(c.Name) {
			return &ValidationError{"customEndpoints", fmt.Sprintf("%q is not a valid name (letters, digits, space, _ . -)", c.Name)}
		}
		if seen[strings.ToLower(c.Name)] {
			return &ValidationError{"customEndpoints", fmt.Sprintf("the name %q is used twice", c.Name)}
		}
		seen[strings.ToLower(c.Name)] = true
		if err := CheckBaseURL(c.BaseURL); err != nil {
			return &ValidationError{"customEndpoints." + c.Name + ".baseUrl", err.Error()}
		}
	}
	return nil
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// TitlesFromModel reports whether conversations are named by the model.
func (s *Settings) TitlesFromModel() bool { return s.ModelTitles == nil || *s.ModelTitles }

// ReopensLastWorkspace says whether the app opens the last workspace at
// start.
func (s *Settings) ReopensLastWorkspace() bool { return s.ReopenLast == nil || *s.ReopenLast }

// MaxRecent is how many workspaces Recent keeps.
const MaxRecent = 10

// Touch puts dir first in Recent.
func (s *Settings) Touch(dir string) {
	out := []string{dir}
	for _, d := range s.Recent {
		if d != dir && len(out) < MaxRecent {
			out = append(out, d)
		}
	}
	s.Recent = out
}
