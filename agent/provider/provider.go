// Package provider is the catalog of model providers Hearth knows: their ids,
// wire formats, default endpoints and the environment variables that may hold
// their keys. Settings, the key store, the CLI and the LLM adapters all read it.
package provider

import (
	"fmt"
	"regexp"
	"strings"
)

// Wire is the HTTP protocol a provider speaks.
type Wire string

const (
	WireOpenAI    Wire = "openai"    // OpenAI Chat Completions and compatibles
	WireAnthropic Wire = "anthropic" // Anthropic Messages
)

// Info describes one built-in provider.
type Info struct {
	ID             string `json:"id"`
	Name           string `json:"name"`
	Wire           Wire   `json:"wire"`
	DefaultBaseURL string `json:"defaultBaseUrl"` // includes the version segment
	KeyEnv         string `json:"keyEnv,omitempty"`
	HostEnv        string `json:"hostEnv,omitempty"` // env var that overrides the host (Ollama)
	NeedsKey       bool   `json:"needsKey"`
	Local          bool   `json:"local"`
	// Programs are the local server's command names, looked for on PATH
	// and in their installers' usual places; InstallURL is where to get it.
	Programs   []string `json:"programs,omitempty"`
	InstallURL string   `json:"installUrl,omitempty"`
	// BillingURL is where the person adds credit when a key has none.
	BillingURL string `json:"billingUrl,omitempty"`
	// DefaultModel is used when the user chose none. A local server's is
	// empty: the first model it serves is used (see agent/assembly).
	DefaultModel string `json:"defaultModel,omitempty"`
}

// OpenAICompatible is the id of the generic endpoint the CLI accepts with --base-url.
const OpenAICompatible = "openai-compatible"

// CustomPrefix starts the id of a user-defined OpenAI-compatible endpoint.
const CustomPrefix = "custom:"

var builtins = []Info{
	{ID: "openai", Name: "OpenAI", Wire: WireOpenAI, DefaultBaseURL: "https://api.openai.com/v1", KeyEnv: "OPENAI_API_KEY", NeedsKey: true,
		DefaultModel: "gpt-5", BillingURL: "https://platform.openai.com/settings/organization/billing"},
	{ID: "anthropic", Name: "Anthropic", Wire: WireAnthropic, DefaultBaseURL: "https://api.anthropic.com/v1", KeyEnv: "ANTHROPIC_API_KEY", NeedsKey: true,
		DefaultModel: "claude-sonnet-4-5", BillingURL: "https://console.anthropic.com/settings/billing"},
	{ID: "openrouter", Name: "OpenRouter", Wire: WireOpenAI, DefaultBaseURL: "https://openrouter.ai/api/v1", KeyEnv: "OPENROUTER_API_KEY", NeedsKey: true,
		DefaultModel: "anthropic/claude-sonnet-4.5", BillingURL: "https://openrouter.ai/settings/credits"},
	{ID: "ollama", Name: "Ollama", Wire: WireOpenAI, DefaultBaseURL: "http://127.0.0.1:11434/v1", HostEnv: "OLLAMA_HOST", Local: true,
		Programs: []string{"ollama"}, InstallURL: "https://ollama.com/download"},
	{ID: "lmstudio", Name: "LM Studio", Wire: WireOpenAI, DefaultBaseURL: "http://127.0.0.1:1234/v1", Local: true,
		Programs: []string{"lms", "lm-studio"}, InstallURL: "https://lmstudio.ai/download"},
	{ID: OpenAICompatible, Name: "OpenAI-compatible", Wire: WireOpenAI},
}

// Builtins returns the built-in providers in display order.
func Builtins() []Info {
	out := make([]Info, len(builtins))
	copy(out, builtins)
	return out
}

// Lookup returns the built-in provider with the given id. Custom endpoints
// ("custom:<name>") are reported as OpenAI-compatible without a base URL.
func Lookup(id string) (Info, bool) {
	for _, p := range builtins {
		if p.ID == id {
			return p, true
		}
	}
	if name, ok := strings.CutPrefix(id, CustomPrefix); ok && ValidCustomName(name) {
		return Info{ID: id, Name: name, Wire: WireOpenAI}, true
	}
	return Info{}, false
}

var customName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9 _.-]{0,47}$`)

// ValidCustomName reports whether name can name a custom endpoint.
func ValidCustomName(name string) bool { return customName.MatchString(name) }

// ValidateID returns a clear error for an id that names no provider.
func ValidateID(id string) error {
	if _, ok := Lookup(id); ok {
		return nil
	}
	ids := make([]string, 0, len(builtins))
	for _, p := range builtins {
		ids = append(ids, p.ID)
	}
	return fmt.Errorf("unknown provider %q (known: %s, or custom:<name>)", id, strings.Join(ids, ", "))
}

// OllamaBaseURL turns an OLLAMA_HOST value ("host:port", "http://host:port")
// into the OpenAI-compatible base URL.
func OllamaBaseURL(host string) string {
	host = strings.TrimRight(strings.TrimSpace(host), "/")
	if host == "" {
		return ""
	}
	if !strings.Contains(host, "://") {
		host = "http://" + host
	}
	return strings.TrimSuffix(host, "/v1") + "/v1"
}
