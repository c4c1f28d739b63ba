package app

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/agent/settings"
)

// fakeOllama answers /v1/models as Ollama's OpenAI-compatible API does.
func fakeOllama(t *testing.T, models ...string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/models" {
			http.NotFound(w, r)
			return
		}
		body := `{"object":"list","data":[`
		for i, m := range models {
			if i > 0 {
				body += ","
			}
			body += `{"id":"` + m + `","object":"model","owned_by":"library"}`
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(body + `]}`))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// closedPort is a loopback URL nothing listens on.
func closedPort(t *testing.T) string {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	return url
}

func TestFirstRunOffersWhatIsFoundFirst(t *testing.T) {
	ollama := fakeOllama(t, "llama3.2:3b", "qwen3:8b", "nomic-embed-text")
	a, _ := newTestApp(t, map[string]string{"OLLAMA_HOST": ollama, "ANTHROPIC_API_KEY": "sk-ant-env-123456"})
	a.deps.Settings.Update(func(s *settings.Settings) error {
		s.Providers = map[string]settings.ProviderSettings{"lmstudio": {BaseURL: closedPort(t) + "/v1"}}
		return nil
	})
	v := a.h.Shell.FirstRun()
	if v.Ready || v.Active != "openai" {
		t.Errorf("ready %v active %q: the default OpenAI has no key, so setup is needed", v.Ready, v.Active)
	}
	if len(v.Options) < 4 {
		t.Fatalf("options %+v", v.Options)
	}
	first, second := v.Options[0], v.Options[1]
	if first.ID != "anthropic" || first.Found != "env" || first.Detail != "ANTHROPIC_API_KEY is set" {
		t.Errorf("first option %+v, want Anthropic found by its env key", first)
	}
	if second.ID != "ollama" || second.Found != "running" || second.Detail != "Ollama is running with 3 models" || len(second.Models) != 3 {
		t.Errorf("second option %+v, want the running Ollama", second)
	}
	for _, o := range v.Options[2:] {
		if o.Found != "" {
			t.Errorf("%s offered as found: %+v", o.ID, o)
		}
		if o.ID == "openai" && o.DefaultModel == "" {
			t.Error("OpenAI has no default model")
		}
	}

	var lms SetupOption
	for _, o := range v.Options {
		if o.ID == "lmstudio" {
			lms = o
		}
	}
	if lms.Detail != "not found on this machine — install it first" || lms.InstallURL != "https://lmstudio.ai/download" {
		t.Errorf("LM Studio, neither running nor installed, is offered as %+v", lms)
	}
	a.deps.Home = t.TempDir()
	bin := filepath.Join(a.deps.Home, ".lmstudio", "bin", "lms")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, o := range a.h.Shell.FirstRun().Options {
		if o.ID == "lmstudio" && (o.Found != "" || o.InstallURL != "" || o.Detail != "LM Studio is installed but not running: start it, then choose it here") {
			t.Errorf("LM Studio installed, not running: %+v", o)
		}
	}

	a.deps.Settings.Update(func(s *settings.Settings) error { s.ActiveProvider = "ollama"; return nil })
	if !a.h.Shell.FirstRun().Ready {
		t.Error("a running Ollama as the active provider is not ready")
	}
}
