package app

import (
	"errors"
	"testing"

	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/web"
)

func TestSetWeb(t *testing.T) {
	a, _ := newTestApp(t, nil)
	v, err := a.h.Settings.SetWeb(WebInput{AllowLocal: true, SearchProvider: "searxng", SearchURL: " http://127.0.0.1:8888 "})
	if err != nil {
		t.Fatal(err)
	}
	if want := (WebView{AllowLocal: true, SearchProvider: "searxng", SearchURL: "http://127.0.0.1:8888"}); v.Web != want {
		t.Errorf("view = %+v, want %+v", v.Web, want)
	}
	if st := a.deps.Settings.Get(); !st.Web.AllowLocal || st.Web.Search.URL != "http://127.0.0.1:8888" {
		t.Errorf("stored = %+v", st.Web)
	}

	// Brave with a key: the key goes to the keychain, never to the view.
	if _, err := a.h.Settings.SetWeb(WebInput{SearchProvider: "brave", SearchKey: "brave-key-123"}); err != nil {
		t.Fatal(err)
	}
	if got, err := a.deps.Secrets.Item(t.Context(), web.BraveKeyName); err != nil || got != "brave-key-123" {
		t.Errorf("keychain item = %q, %v", got, err)
	}

	// A rejected form changes neither the settings nor the keychain.
	_, err = a.h.Settings.SetWeb(WebInput{SearchProvider: "searxng", SearchKey: "other-key"})
	var ve *settings.ValidationError
	if !errors.As(err, &ve) || ve.Field != "web.search.url" {
		t.Fatalf("SearXNG without a URL: err = %v", err)
	}
	if got, _ := a.deps.Secrets.Item(t.Context(), web.BraveKeyName); got != "brave-key-123" {
		t.Errorf("a rejected form replaced the key with %q", got)
	}
	if a.deps.Settings.Get().Web.Search.Provider != "brave" {
		t.Errorf("a rejected form changed the provider")
	}
}
