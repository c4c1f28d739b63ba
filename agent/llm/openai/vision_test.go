package openai

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
)

// Stand-ins for each server's own API, answering as they document it.
func TestVisionAsksEachServerItsOwnWay(t *testing.T) {
	for _, tc := range []struct {
		name   string
		server Server
		path   string
		body   string
		model  string
		sees   bool
		err    error
	}{
		{"ollama vision", Ollama, "/api/show", `{"capabilities":["completion","vision"]}`, "gemma3", true, nil},
		{"ollama text", Ollama, "/api/show", `{"capabilities":["completion","tools"]}`, "qwen3", false, nil},
		{"ollama too old to say", Ollama, "/api/show", `{"parameters":""}`, "old", false, ErrNoVisionInfo},
		{"lm studio vlm", LMStudio, "/api/v0/models/qwen2-vl", `{"type":"vlm"}`, "qwen2-vl", true, nil},
		{"lm studio llm", LMStudio, "/api/v0/models/mistral", `{"type":"llm"}`, "mistral", false, nil},
		{"llama.cpp with a projector", LlamaCpp, "/props", `{"modalities":{"vision":true}}`, "any", true, nil},
		{"llama.cpp text", LlamaCpp, "/props", `{"modalities":{"vision":false}}`, "any", false, nil},
		{"llama.cpp too old to say", LlamaCpp, "/props", `{"n_ctx":4096}`, "any", false, ErrNoVisionInfo},
		{"openrouter image model", OpenRouter, "/v1/models", `{"data":[{"id":"a/b","architecture":{"input_modalities":["text","image"]}}]}`, "a/b", true, nil},
		{"openrouter text model", OpenRouter, "/v1/models", `{"data":[{"id":"a/b","architecture":{"input_modalities":["text"]}}]}`, "a/b", false, nil},
		{"openrouter unknown model", OpenRouter, "/v1/models", `{"data":[]}`, "x/y", false, ErrNoVisionInfo},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != tc.path {
					http.NotFound(w, r)
					return
				}
				w.Write([]byte(tc.body))
			}))
			defer srv.Close()
			sees, err := Vision(context.Background(), srv.Client(), tc.server, srv.URL+"/v1", tc.model)
			if sees != tc.sees || !errors.Is(err, tc.err) {
				t.Fatalf("Vision = %v, %v; want %v, %v", sees, err, tc.sees, tc.err)
			}
		})
	}
}
