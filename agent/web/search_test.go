package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
)

// searxng is a stand-in speaking SearXNG's JSON API.
func searxng(t *testing.T) *site {
	return newSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/search" || r.URL.Query().Get("format") != "json" {
			http.Error(w, "forbidden", http.StatusForbidden) // as SearXNG answers without json enabled
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"query": r.URL.Query().Get("q"),
			"results": []map[string]any{
				{"title": "Lanterns  of\nthe north", "url": "https://lanterns.example/north", "content": "All about " + r.URL.Query().Get("q"), "engine": "duckduckgo"},
				{"title": "Wicks", "url": "https://wicks.example/", "content": "Trimming.", "engine": "brave"},
				{"title": "Oil", "url": "https://oil.example/", "content": "Lamp oil.", "engine": "bing"},
			},
		})
	}))
}

func TestSearXNG(t *testing.T) {
	s := searxng(t)
	sr, err := NewSearcher(ProviderSearXNG, s.URL+"/", "", Options{}) // a local server: the person named it
	if err != nil {
		t.Fatal(err)
	}
	got, err := sr.Search(t.Context(), "oil lamps", 2)
	if err != nil {
		t.Fatal(err)
	}
	want := []Result{
		{Title: "Lanterns of the north", URL: "https://lanterns.example/north", Snippet: "All about oil lamps"},
		{Title: "Wicks", URL: "https://wicks.example/", Snippet: "Trimming."},
	}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("results = %+v, want %+v", got, want)
	}
	if !strings.HasPrefix(sr.Name(), "SearXNG at 127.0.0.1:") {
		t.Errorf("name = %q", sr.Name())
	}
}

func TestSearXNGWithoutJSON(t *testing.T) {
	s := newSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { http.Error(w, "", http.StatusForbidden) }))
	sr, _ := NewSearcher(ProviderSearXNG, s.URL, "", Options{})
	_, err := sr.Search(t.Context(), "x", 5)
	if err == nil || !strings.Contains(err.Error(), "add json to search.formats") {
		t.Fatalf("err = %v", err)
	}
}

func TestBrave(t *testing.T) {
	s := newSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Subscription-Token") != "brave-key" {
			http.Error(w, "", http.StatusUnauthorized)
			return
		}
		if r.URL.Query().Get("q") != "wicks" || r.URL.Query().Get("count") != "3" {
			http.Error(w, "bad query "+r.URL.RawQuery, http.StatusBadRequest)
			return
		}
		w.Write([]byte(`{"web":{"results":[{"title":"On <strong>wicks</strong>","url":"https://w.example/","description":"Trim &amp; light <strong>wicks</strong>."}]}}`))
	}))
	sr, err := NewSearcher(ProviderBrave, s.URL, "brave-key", Options{}) // the person named the endpoint
	if err != nil {
		t.Fatal(err)
	}
	got, err := sr.Search(t.Context(), "wicks", 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != (Result{Title: "On wicks", URL: "https://w.example/", Snippet: "Trim & light wicks."}) {
		t.Errorf("results = %+v", got)
	}
	sr, _ = NewSearcher(ProviderBrave, s.URL, "wrong", Options{})
	if _, err := sr.Search(t.Context(), "wicks", 3); err == nil || !strings.Contains(err.Error(), "refused the key (401)") {
		t.Errorf("a wrong key: err = %v", err)
	}
}

func TestNewSearcherNotConfigured(t *testing.T) {
	for _, c := range []struct{ provider, url, key string }{{"", "", ""}, {"searxng", "", ""}, {"brave", "", ""}} {
		if _, err := NewSearcher(c.provider, c.url, c.key, Options{}); !errors.Is(err, ErrNotConfigured) {
			t.Errorf("NewSearcher(%q, %q) = %v, want ErrNotConfigured", c.provider, c.url, err)
		}
	}
	if _, err := NewSearcher("google", "", "", Options{}); err == nil || errors.Is(err, ErrNotConfigured) {
		t.Errorf("an unknown provider: %v", err)
	}
}

func TestSearchOffline(t *testing.T) {
	s := searxng(t)
	sr, _ := NewSearcher(ProviderSearXNG, s.URL, "", Options{Offline: func() bool { return true }})
	if _, err := sr.Search(t.Context(), "x", 5); !errors.Is(err, ErrOffline) {
		t.Fatalf("err = %v, want ErrOffline", err)
	}
	if n := s.hits.Load(); n != 0 {
		t.Errorf("the server saw %d requests offline", n)
	}
}
