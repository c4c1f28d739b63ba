package conversation

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/agent/web"
)

// WebAccess is how a conversation's turns reach the web. The settings
// (web.allowLocal, web.search) say the rest, read at every turn.
type WebAccess struct {
	// Off offers no web tools at all.
	Off bool
	// AllowLocal lets web_fetch reach local addresses whatever the settings
	// say (hearth run --web-allow-local).
	AllowLocal bool
	// Secret reads a named keychain secret (the search API's key); nil
	// reads none, so a provider that needs a key stays off.
	Secret func(ctx context.Context, name string) (string, error)
	// Wrap and Offline pass to web.Options: a wrapper around the guarded
	// transport (inside the egress recorder), and the switch that refuses
	// before dialing.
	Wrap    func(http.RoundTripper) http.RoundTripper
	Offline func() bool
}

// stageWeb offers web_fetch, and web_search once the person chose a
// provider; when search is off the model reads so in web_fetch's
// description, and a provider that cannot be used is told to the person.
func stageWeb(ctx context.Context, p *prep) error {
	wa := p.c.cfg.Web
	if wa.Off {
		return nil
	}
	st := p.spec.Settings.Web
	opts := web.Options{AllowLocal: wa.AllowLocal || st.AllowLocal, Wrap: wa.Wrap, Offline: wa.Offline}
	fetch := opts
	fetch.SameHost = true // a domain's permission is not spent on another
	w := &tools.Web{Fetcher: web.New(fetch)}
	key := ""
	if st.Search.Provider == web.ProviderBrave && wa.Secret != nil {
		key, _ = wa.Secret(ctx, web.BraveKeyName) // a missing key leaves search off, said below
	}
	search, err := web.NewSearcher(st.Search.Provider, st.Search.URL, key, web.Options{Wrap: wa.Wrap, Offline: wa.Offline})
	switch {
	case err == nil:
		w.Search, w.Provider = search, st.Search.Provider
	case st.Search.Provider != "" || !errors.Is(err, web.ErrNotConfigured):
		p.c.sink.Notice(fmt.Errorf("web search is off: %w", err))
	}
	p.spec.Tools.Web = w
	// The hosts the person always allows are read without asking.
	p.spec.Tools.TurnAllow = append(p.spec.Tools.TurnAllow, domainRules(p.spec.Settings)...)
	return nil
}
