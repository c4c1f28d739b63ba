package settings

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestWebValidate(t *testing.T) {
	tests := []struct {
		web   Web
		field string // "" is valid
	}{
		{Web{}, ""},
		{Web{AllowLocal: true}, ""},
		{Web{Search: WebSearch{Provider: "searxng", URL: "http://127.0.0.1:8888"}}, ""},
		{Web{Search: WebSearch{Provider: "brave"}}, ""},
		{Web{Search: WebSearch{Provider: "searxng"}}, "web.search.url"},
		{Web{Search: WebSearch{Provider: "searxng", URL: "ftp://x"}}, "web.search.url"},
		{Web{Search: WebSearch{Provider: "searxng", URL: "https://x/?token=1"}}, "web.search.url"},
		{Web{Search: WebSearch{Provider: "google"}}, "web.search.provider"},
		{Web{AllowDomains: []string{"example.com", "*.example.org", "127.0.0.1", "docs-1.go.dev"}}, ""},
		{Web{AllowDomains: []string{"example.com", "*"}}, "web.allowDomains[1]"},
		{Web{AllowDomains: []string{"https://example.com"}}, "web.allowDomains[0]"},
		{Web{AllowDomains: []string{"exa mple.com"}}, "web.allowDomains[0]"},
	}
	for _, tt := range tests {
		s := Defaults()
		s.Web = tt.web
		err := s.Validate()
		var ve *ValidationError
		switch {
		case tt.field == "" && err != nil:
			t.Errorf("%+v: %v", tt.web, err)
		case tt.field != "" && (!errors.As(err, &ve) || ve.Field != tt.field):
			t.Errorf("%+v: err = %v, want one for %s", tt.web, err, tt.field)
		}
	}
}

func TestWebJSON(t *testing.T) {
	var s Settings
	if err := json.Unmarshal([]byte(`{"web":{"allowLocal":true,"search":{"provider":"searxng","url":"http://127.0.0.1:8888"}}}`), &s); err != nil {
		t.Fatal(err)
	}
	if !s.Web.AllowLocal || s.Web.Search.Provider != "searxng" || s.Web.Search.URL != "http://127.0.0.1:8888" {
		t.Errorf("web = %+v", s.Web)
	}
	b, _ := json.Marshal(Defaults())
	if strings.Contains(string(b), `"web"`) {
		t.Errorf("defaults write a web object: %s", b)
	}
}
