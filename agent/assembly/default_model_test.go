package assembly

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/settings"
)

// Every cloud provider in the catalog has a default model, so a first
// message with a key set never fails for want of one.
func TestCloudProvidersHaveDefaultModels(t *testing.T) {
	key := func(context.Context, string) (string, error) { return "sk-test-000000000000", nil }
	for _, info := range provider.Builtins() {
		if info.Local || info.ID == provider.OpenAICompatible {
			continue
		}
		st := settings.Defaults()
		st.ActiveProvider = info.ID
		b, err := Build(context.Background(), key, Spec{Settings: st, Workspace: t.TempDir()})
		if err != nil {
			t.Errorf("%s: %v", info.ID, err)
			continue
		}
		if b.Model == "" || b.Model != info.DefaultModel {
			t.Errorf("%s: model %q, want its default %q", info.ID, b.Model, info.DefaultModel)
		}
	}
}

// ollamaLike answers /v1/models as Ollama's OpenAI-compatible API does.
func ollamaLike(t *testing.T, body string) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/models" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// A local server with no model chosen uses the first chat model it serves.
func TestLocalServerModelIsTheFirstServed(t *testing.T) {
	none := func(context.Context, string) (string, error) { return "", nil }
	url := ollamaLike(t, `{"object":"list","data":[{"id":"nomic-embed-text:latest","object":"model"},{"id":"qwen3:8b","object":"model"},{"id":"zephyr:7b","object":"model"}]}`)
	st := settings.Defaults()
	st.ActiveProvider = "ollama"
	b, err := Build(context.Background(), none, Spec{Settings: st, Workspace: t.TempDir(), Getenv: func(k string) string {
		if k == "OLLAMA_HOST" {
			return url
		}
		return ""
	}})
	if err != nil || b.Model != "qwen3:8b" {
		t.Fatalf("model %v, err %v; want qwen3:8b", b, err)
	}
	empty := ollamaLike(t, `{"object":"list","data":[]}`)
	_, err = Build(context.Background(), none, Spec{Settings: st, Workspace: t.TempDir(), BaseURL: empty + "/v1"})
	if !errors.Is(err, ErrNoModel) {
		t.Errorf("a server with no model: %v, want ErrNoModel", err)
	}
}
