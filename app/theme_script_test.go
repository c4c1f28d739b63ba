package app

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func TestThemeScriptCarriesTheSettingsChoice(t *testing.T) {
	assets := fstest.MapFS{"theme.js": {Data: []byte("paint(window.hearthTheme);\n")}}
	theme := "light"
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "asset "+r.URL.Path) })
	h := themeScript(assets, func() string { return theme })(next)

	get := func(path string) (string, http.Header) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec.Body.String(), rec.Header()
	}
	for _, want := range []string{"light", "dark", "system"} {
		theme = want
		body, hdr := get("/theme.js")
		if !strings.HasPrefix(body, `window.hearthTheme = "`+want+`";`) || !strings.HasSuffix(body, "paint(window.hearthTheme);\n") {
			t.Fatalf("theme %s: /theme.js = %q", want, body)
		}
		if hdr.Get("Cache-Control") != "no-store" || !strings.HasPrefix(hdr.Get("Content-Type"), "text/javascript") {
			t.Fatalf("theme %s: headers %v", want, hdr)
		}
	}
	if body, _ := get("/index.html"); body != "asset /index.html" {
		t.Fatalf("other assets must pass through, got %q", body)
	}
	if body, _ := get("/assets/theme.js"); body != "asset /assets/theme.js" {
		t.Fatalf("only the root theme.js is rewritten, got %q", body)
	}
}

func TestThemeScriptWithoutTheFilePassesThrough(t *testing.T) {
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "asset") })
	h := themeScript(fstest.MapFS{}, func() string { return "dark" })(next)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/theme.js", nil))
	if rec.Body.String() != "asset" {
		t.Fatalf("got %q", rec.Body.String())
	}
}
