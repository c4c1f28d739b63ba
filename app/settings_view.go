package app

import (
	"context"
	"errors"
	"strings"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/sandbox"
	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/hearth-agent/hearth/agent/settings"
)

// ProviderView is one provider as Settings shows it. It never carries a key:
// KeyStatus says only where one comes from.
type ProviderView struct {
	ID             string `json:"id"`
	Name           string `json:"name"`
	Wire           string `json:"wire"`
	BaseURL        string `json:"baseUrl"`
	DefaultBaseURL string `json:"defaultBaseUrl"`
	Model          string `json:"model"`
	// FastModel does the side work (explore subagent, titles); "" uses Model.
	FastModel string `json:"fastModel"`
	KeyStatus string `json:"keyStatus"` // keychain | session | env | none
	KeyEnv    string `json:"keyEnv"`
	NeedsKey  bool   `json:"needsKey"`
	Local     bool   `json:"local"`
	Custom    bool   `json:"custom"`
}

// KeychainView says whether keys can be saved, and how to fix it if not.
type KeychainView struct {
	Available bool   `json:"available"`
	Message   string `json:"message"`
	Help      string `json:"help"`
}

// SettingsView is the whole Settings panel's data.
type SettingsView struct {
	ActiveProvider  string   `json:"activeProvider"`
	ActiveModel     string   `json:"activeModel"`
	Temperature     *float64 `json:"temperature"`
	ReasoningEffort string   `json:"reasoningEffort"`
	MaxIterations   int      `json:"maxIterations"`
	ApprovalMode    string   `json:"approvalMode"`
	ModelTitles     bool     `json:"modelTitles"`
	// PromptProfile is "" (automatic: small under a 16k window), "small"
	// or "standard".
	PromptProfile string `json:"promptProfile"`
	// MaxRunning bounds the turns of a project running at once.
	MaxRunning int `json:"maxRunning"`
	// BackgroundProcesses bounds one conversation's background processes.
	BackgroundProcesses int `json:"backgroundProcesses"`
	// ReopenLastWorkspace opens the last folder when the app starts.
	ReopenLastWorkspace bool `json:"reopenLastWorkspace"`
	// CheckOff runs no project check after a turn's edits.
	CheckOff bool `json:"checkOff"`
	// CheckRounds is how many times a failing check sends the model back.
	CheckRounds int            `json:"checkRounds"`
	Providers   []ProviderView `json:"providers"`
	Keychain    KeychainView   `json:"keychain"`
	Warning     string         `json:"warning"`
	// KnowledgeFolders are indexed beside every workspace.
	KnowledgeFolders []KnowledgeFolderView `json:"knowledgeFolders"`
	// Sandbox says which protection contains commands on this machine.
	Sandbox SandboxView `json:"sandbox"`
	// Theme is system, light or dark.
	Theme string `json:"theme"`
	// ReadOnlyTools are the MCP tool names and patterns plan mode may run.
	ReadOnlyTools []string `json:"readOnlyTools"`
	// UpdateCheck says whether "Check for updates" may read the release feed.
	UpdateCheck bool `json:"updateCheck"`
	// Offline is "Work offline": only model servers on this machine.
	Offline bool `json:"offline"`
	// Web is web_fetch's reach and web_search's provider.
	Web WebView `json:"web"`
	// Notifications are the desktop notifications' kinds and details.
	Notifications NotificationsView `json:"notifications"`
}

// SandboxView says which protection contains shell commands.
type SandboxView struct {
	Active          bool   `json:"active"`
	Kind            string `json:"kind"`
	ABI             int    `json:"abi"`
	Detail          string `json:"detail"`
	Mechanism       string `json:"mechanism"`
	ContainApproved bool   `json:"containApproved"`
}

func (a *App) view(ctx context.Context) SettingsView {
	st := a.deps.Settings.Get()
	box := sandbox.Available()
	ids := st.ProviderIDs()
	sources, ringErr := a.deps.Secrets.Statuses(ctx, ids)
	v := SettingsView{
		ActiveProvider: st.ActiveProvider, ActiveModel: st.ActiveModel, Temperature: st.Temperature,
		ReasoningEffort: st.ReasoningEffort, MaxIterations: st.MaxIterations, ApprovalMode: st.ApprovalMode,
		ModelTitles: st.TitlesFromModel(), PromptProfile: st.PromptProfile, MaxRunning: st.Conversations.Running(), ReopenLastWorkspace: st.ReopensLastWorkspace(),
		CheckOff: st.Check.Off, CheckRounds: st.Check.FixRounds(), BackgroundProcesses: conversation.BackgroundLimit(st),
		Keychain: keychainView(ringErr), Warning: a.deps.Settings.Warning(),
		KnowledgeFolders: []KnowledgeFolderView{},
		Sandbox:          SandboxView{Active: box.Active(), Kind: box.Kind, ABI: box.ABI, Detail: box.Detail, Mechanism: box.Mechanism, ContainApproved: st.ContainApproved},
		Theme:            st.ThemeName(),
		ReadOnlyTools:    append([]string{}, st.ReadOnlyTools...),
		UpdateCheck:      st.Updates.Enabled,
		Offline:          st.Offline,
		Web:              webView(st),
		Notifications:    notificationsView(st.Notifications),
	}
	for _, f := range st.KnowledgeFolders {
		v.KnowledgeFolders = append(v.KnowledgeFolders, KnowledgeFolderView{Label: f.Label, Path: f.Path})
	}
	for _, id := range ids {
		info, _ := provider.Lookup(id)
		ep, err := st.Resolve(id, a.deps.Getenv)
		if err != nil {
			continue
		}
		pv := ProviderView{
			ID: id, Name: info.Name, Wire: string(info.Wire), BaseURL: ep.BaseURL,
			DefaultBaseURL: info.DefaultBaseURL, Model: modelFor(st, id), FastModel: ep.FastModel, KeyStatus: string(sources[id]),
			KeyEnv: info.KeyEnv, NeedsKey: info.NeedsKey, Local: info.Local,
			Custom: strings.HasPrefix(id, provider.CustomPrefix),
		}
		v.Providers = append(v.Providers, pv)
	}
	return v
}

// modelFor is the provider's own default model, not the global active one.
func modelFor(st settings.Settings, id string) string {
	if name, ok := strings.CutPrefix(id, provider.CustomPrefix); ok {
		c, _ := st.CustomByName(name)
		return c.Model
	}
	return st.Providers[id].Model
}

func keychainView(err error) KeychainView {
	var unavailable *secrets.UnavailableError
	switch {
	case err == nil:
		return KeychainView{Available: true}
	case errors.As(err, &unavailable):
		return KeychainView{Message: "No keychain is available, so keys cannot be saved.", Help: secrets.Help}
	case errors.Is(err, secrets.ErrTimeout):
		return KeychainView{Message: "The keychain did not answer: it may be locked.", Help: secrets.Help}
	default:
		return KeychainView{Message: "The keychain failed: " + err.Error(), Help: secrets.Help}
	}
}
