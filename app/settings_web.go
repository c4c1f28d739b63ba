package app

import (
	"strings"

	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/web"
)

// WebView is how the agent reaches the web, as Settings shows it. The
// search key is never sent; the person sets a new one or keeps the saved.
type WebView struct {
	AllowLocal     bool   `json:"allowLocal"`
	SearchProvider string `json:"searchProvider"` // "" (off), searxng or brave
	SearchURL      string `json:"searchUrl"`
}

// WebInput changes the web settings; SearchKey, when not empty, is saved
// in the keychain as Brave Search's key.
type WebInput struct {
	AllowLocal     bool   `json:"allowLocal"`
	SearchProvider string `json:"searchProvider"`
	SearchURL      string `json:"searchUrl"`
	SearchKey      string `json:"searchKey"`
}

func webView(st settings.Settings) WebView {
	return WebView{AllowLocal: st.Web.AllowLocal, SearchProvider: st.Web.Search.Provider, SearchURL: st.Web.Search.URL}
}

// SetWeb saves whether web_fetch may reach local addresses and which
// provider web_search asks; the settings are checked before the key is
// stored, so a rejected form leaves the keychain as it was.
func (a *Settings) SetWeb(in WebInput) (SettingsView, error) {
	_, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		s.Web = settings.Web{AllowLocal: in.AllowLocal,
			Search: settings.WebSearch{Provider: strings.TrimSpace(in.SearchProvider), URL: strings.TrimSpace(in.SearchURL)}}
		return nil
	})
	if err != nil {
		return a.GetSettings(), err
	}
	if key := strings.TrimSpace(in.SearchKey); key != "" {
		ctx, cancel := a.callCtx(keychainCallBudget)
		defer cancel()
		if err := a.deps.Secrets.SetItem(ctx, web.BraveKeyName, key); err != nil {
			return a.view(ctx), err
		}
	}
	return a.GetSettings(), nil
}
