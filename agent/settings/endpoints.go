package settings

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/hearth-agent/hearth/agent/provider"
)

// CheckBaseURL accepts absolute http(s) URLs without embedded credentials:
// a URL with user:password would put a secret into settings.json.
func CheckBaseURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("not a URL: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return errors.New("must start with http:// or https://")
	}
	if u.Host == "" {
		return errors.New("has no host")
	}
	if u.User != nil {
		return errors.New("must not contain a user name or password; store keys in the keychain")
	}
	if u.RawQuery != "" {
		return errors.New("must not contain a query string (it could carry a key)")
	}
	return nil
}

// Endpoint is a provider resolved against the settings: what a client needs
// apart from the key.
type Endpoint struct {
	ID      string
	Wire    provider.Wire
	BaseURL string
	Model   string
	// FastModel is the provider's fast model, "" when none is set.
	FastModel string
}

// Resolve returns the endpoint for provider id. getenv supplies OLLAMA_HOST.
func (s *Settings) Resolve(id string, getenv func(string) string) (Endpoint, error) {
	info, ok := provider.Lookup(id)
	if !ok {
		return Endpoint{}, provider.ValidateID(id)
	}
	ep := Endpoint{ID: id, Wire: info.Wire, BaseURL: info.DefaultBaseURL}
	if info.HostEnv != "" && getenv != nil {
		if u := provider.OllamaBaseURL(getenv(info.HostEnv)); u != "" {
			ep.BaseURL = u
		}
	}
	if name, isCustom := strings.CutPrefix(id, provider.CustomPrefix); isCustom {
		c, found := s.CustomByName(name)
		if !found {
			return Endpoint{}, fmt.Errorf("no custom endpoint named %q", name)
		}
		ep.BaseURL, ep.Model, ep.FastModel = c.BaseURL, c.Model, c.FastModel
	} else if p, ok := s.Providers[id]; ok {
		if p.BaseURL != "" {
			ep.BaseURL = p.BaseURL
		}
		ep.Model, ep.FastModel = p.Model, p.FastModel
	}
	if id == s.ActiveProvider && s.ActiveModel != "" {
		ep.Model = s.ActiveModel
	}
	if ep.Model == "" {
		ep.Model = info.DefaultModel
	}
	return ep, nil
}

// CustomByName finds a custom endpoint, case-insensitively.
func (s *Settings) CustomByName(name string) (CustomEndpoint, bool) {
	for _, c := range s.Custom {
		if strings.EqualFold(c.Name, name) {
			return c, true
		}
	}
	return CustomEndpoint{}, false
}

// ProviderIDs lists every provider the user can pick: built-ins then customs.
func (s *Settings) ProviderIDs() []string {
	var ids []string
	for _, p := range provider.Builtins() {
		if p.ID != provider.OpenAICompatible {
			ids = append(ids, p.ID)
		}
	}
	for _, c := range s.Custom {
		ids = append(ids, provider.CustomPrefix+c.Name)
	}
	return ids
}
