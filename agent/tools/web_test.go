package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/web"
)

// pages is a real site on 127.0.0.1 counting its requests, with a
// SearXNG-style /search.
func pages(t *testing.T) (*httptest.Server, *atomic.Int64) {
	var hits atomic.Int64
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		switch r.URL.Path {
		case "/search":
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(map[string]any{"results": []map[string]string{
				{"title": "Wick care", "url": "https://wicks.example/care", "content": "Trim it."},
				{"title": "Oil", "url": "https://oil.example/", "content": ""},
			}})
		case "/long":
			fmt.Fprint(w, strings.Repeat("x", 500))
		default:
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<html><head><title>Wicks</title></head><body><h1>Wicks</h1><p>See <a href="/care">care</a>.</p></body></html>`)
		}
	}))
	t.Cleanup(s.Close)
	return s, &hits
}

func webConfig(t *testing.T, s *httptest.Server, opts web.Options, searching bool) *Web {
	w := &Web{Fetcher: web.New(opts)}
	if searching {
		sr, err := web.NewSearcher(web.ProviderSearXNG, s.URL, "", web.Options{})
		if err != nil {
			t.Fatal(err)
		}
		w.Search, w.Provider = sr, web.ProviderSearXNG
	}
	return w
}

func TestWebFetchTool(t *testing.T) {
	s, _ := pages(t)
	_, tl := newWS(t, nil, Config{Approve: ApproveAll, Web: webConfig(t, s, web.Options{AllowLocal: true, MaxChars: 100}, false)})
	out := mustRun(t, tl[WebFetchName], map[string]string{"url": s.URL + "/wicks"})
	for _, want := range []string{"URL: " + s.URL + "/wicks\n", "Title: Wicks\n", "Content-Type: text/html\n", "# Wicks", "[care](" + s.URL + "/care)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out = mustRun(t, tl[WebFetchName], map[string]string{"url": s.URL + "/long"})
	if !strings.HasSuffix(out, "[Cut: 100 of 500 characters shown.]\n") {
		t.Errorf("a long page:\n%s", out)
	}
	host := strings.TrimPrefix(s.URL, "http://")
	check(t, summarize(t, tl[WebFetchName], map[string]string{"url": s.URL + "/long"}), "Fetched "+host+"/long · 100 of 500 chars")
	if _, ok := tl[WebSearchName]; ok {
		t.Error("web_search offered with no provider")
	}
	if d := tl[WebFetchName].Definition().Description; !strings.Contains(d, "No web search is configured") {
		t.Errorf("the model is not told search is off: %s", d)
	}
}

func TestWebFetchRefusedLocal(t *testing.T) {
	s, hits := pages(t)
	_, tl := newWS(t, nil, Config{Approve: ApproveAll, Web: webConfig(t, s, web.Options{}, false)})
	_, err := run(t, tl[WebFetchName], map[string]string{"url": s.URL})
	var r *web.RefusedError
	if !errors.As(err, &r) || !strings.Contains(err.Error(), "--web-allow-local") {
		t.Fatalf("err = %v, want a refusal", err)
	}
	if hits.Load() != 0 {
		t.Errorf("the server saw %d requests", hits.Load())
	}
}

func TestWebFetchAsksPerDomain(t *testing.T) {
	s, hits := pages(t)
	var asked []permission.Request
	approver := permission.ApproverFunc(func(_ context.Context, req permission.Request) (permission.Decision, error) {
		asked = append(asked, req)
		return permission.Decision{Choice: permission.AllowSession}, nil
	})
	u, _ := url.Parse(s.URL)
	_, tl := newWS(t, nil, Config{Approver: approver, Web: webConfig(t, s, web.Options{AllowLocal: true}, false)})
	mustRun(t, tl[WebFetchName], map[string]string{"url": s.URL + "/a"})
	mustRun(t, tl[WebFetchName], map[string]string{"url": s.URL + "/b"})
	if len(asked) != 1 || asked[0].Kind != permission.KindWebFetch || asked[0].Path != u.Hostname() || asked[0].Suggested != u.Hostname() {
		t.Fatalf("asked %+v, want once for %s", asked, u.Hostname())
	}

	// Headless, asking nobody: refused before any request.
	hits.Store(0)
	_, tl = newWS(t, nil, Config{Web: webConfig(t, s, web.Options{AllowLocal: true}, false)})
	_, err := run(t, tl[WebFetchName], map[string]string{"url": s.URL + "/a"})
	if tool.StatusOf(context.Background(), err) != tool.StatusDenied || hits.Load() != 0 {
		t.Fatalf("err = %v, hits %d; want denied and no request", err, hits.Load())
	}
}

func TestWebSearchTool(t *testing.T) {
	s, _ := pages(t)
	_, tl := newWS(t, nil, Config{Approve: ApproveAll, Web: webConfig(t, s, web.Options{}, true)})
	out := mustRun(t, tl[WebSearchName], map[string]any{"query": "wicks", "count": 5})
	want := "1. Wick care\n   https://wicks.example/care\n   Trim it.\n2. Oil\n   https://oil.example/\n"
	if out != want {
		t.Errorf("output\n%s\nwant\n%s", out, want)
	}
	check(t, summarize(t, tl[WebSearchName], map[string]any{"query": "wicks"}), `Searched the web for "wicks" · 2 results`)
	if strings.Contains(tl[WebFetchName].Definition().Description, "no web search") {
		t.Error("web_fetch says there is no search while web_search is offered")
	}
	// The search asks unless allowed.
	_, tl = newWS(t, nil, Config{Web: webConfig(t, s, web.Options{}, true)})
	if _, err := run(t, tl[WebSearchName], map[string]any{"query": "wicks"}); tool.StatusOf(context.Background(), err) != tool.StatusDenied {
		t.Errorf("headless search without approval: %v", err)
	}
}
