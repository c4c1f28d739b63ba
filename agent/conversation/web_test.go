package conversation

import (
	"context"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/web"
)

// The web stage offers web_fetch always, web_search once a usable
// provider is chosen, and tells the person when the chosen one cannot be
// used.
func TestStageWeb(t *testing.T) {
	keychain := func(_ context.Context, name string) (string, error) {
		if name == web.BraveKeyName {
			return "brave-key", nil
		}
		return "", nil
	}
	empty := func(context.Context, string) (string, error) { return "", nil }
	tests := []struct {
		name     string
		search   settings.WebSearch
		secret   func(context.Context, string) (string, error)
		access   WebAccess
		tools    bool
		searcher string // the provider web_search uses, "" for none
		notice   string
	}{
		{"not configured", settings.WebSearch{}, nil, WebAccess{}, true, "", ""},
		{"searxng", settings.WebSearch{Provider: "searxng", URL: "http://127.0.0.1:8888"}, nil, WebAccess{}, true, "searxng", ""},
		{"brave with its key", settings.WebSearch{Provider: "brave"}, keychain, WebAccess{}, true, "brave", ""},
		{"brave without a key", settings.WebSearch{Provider: "brave"}, empty, WebAccess{}, true, "", "key web.search.brave is not in the keychain"},
		{"off", settings.WebSearch{Provider: "searxng", URL: "http://127.0.0.1:8888"}, nil, WebAccess{Off: true}, false, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := &events{}
			access := tt.access
			access.Secret = tt.secret
			c := New(Config{Settings: settings.Defaults, Web: access}, ev)
			st := settings.Defaults()
			st.Web.Search = tt.search
			p := &prep{c: c, spec: assembly.Spec{Settings: st}}
			if err := stageWeb(t.Context(), p); err != nil {
				t.Fatal(err)
			}
			w := p.spec.Tools.Web
			if (w != nil) != tt.tools {
				t.Fatalf("web tools offered = %v, want %v", w != nil, tt.tools)
			}
			if w != nil && w.Provider != tt.searcher {
				t.Errorf("search provider = %q, want %q", w.Provider, tt.searcher)
			}
			if w != nil && (w.Search != nil) != (tt.searcher != "") {
				t.Errorf("searcher = %v", w.Search)
			}
			switch {
			case tt.notice == "" && len(ev.notices) > 0:
				t.Errorf("notices = %v", ev.notices)
			case tt.notice != "" && (len(ev.notices) != 1 || !strings.Contains(ev.notices[0].Error(), tt.notice)):
				t.Errorf("notices = %v, want one saying %q", ev.notices, tt.notice)
			}
		})
	}
}
