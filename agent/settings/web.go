package settings

import (
	"fmt"
	"regexp"
	"slices"
)

// SearchProviders are the web search providers the person may choose; ""
// leaves web search off.
var SearchProviders = []string{"searxng", "brave"}

// Web is how the agent reaches the web.
type Web struct {
	// AllowLocal lets web_fetch reach private, loopback and link-local
	// addresses (for development); metadata endpoints stay refused.
	AllowLocal bool `json:"allowLocal,omitempty"`
	// Search is the provider web_search asks; off until chosen.
	Search WebSearch `json:"search,omitzero"`
	// AllowDomains are the hosts (globs such as "*.example.com") the person
	// chose to let web_fetch read without asking, in every project.
	AllowDomains []string `json:"allowDomains,omitempty"`
}

// WebSearch names the search provider: a SearXNG server's URL, or Brave
// Search with its key in the keychain (never here).
type WebSearch struct {
	Provider string `json:"provider,omitempty"` // one of SearchProviders, "" for off
	// URL is the SearXNG server ("https://search.example.org"); for Brave
	// it may replace the API's endpoint.
	URL string `json:"url,omitempty"`
}

func (w Web) validate() error {
	p := w.Search.Provider
	if p != "" && !slices.Contains(SearchProviders, p) {
		return &ValidationError{"web.search.provider", "must be searxng, brave or empty"}
	}
	if p == "searxng" && w.Search.URL == "" {
		return &ValidationError{"web.search.url", "SearXNG needs its server's URL"}
	}
	for i, d := range w.AllowDomains {
		if !validDomain(d) {
			return &ValidationError{fmt.Sprintf("web.allowDomains[%d]", i), fmt.Sprintf("%q is not a host name or a *.host glob", d)}
		}
	}
	if w.Search.URL != "" {
		if err := CheckBaseURL(w.Search.URL); err != nil {
			return &ValidationError{"web.search.url", err.Error()}
		}
	}
	return nil
}

// domainGlob is a host name, optionally under "*." for its subdomains.
var domainGlob = regexp.MustCompile(`^(\*\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]*[a-z0-9])?$`)

func validDomain(d string) bool { return len(d) <= 253 && domainGlob.MatchString(d) }
