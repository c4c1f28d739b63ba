package openai

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
)

func TestContextLength(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /lms/api/v0/models/qwen3-8b", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"id":"qwen3-8b","state":"loaded","max_context_length":32768,"loaded_context_length":8192}`)
	})
	mux.HandleFunc("GET /llama/props", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"default_generation_settings":{"n_ctx":16384},"total_slots":1}`)
	})
	mux.HandleFunc("POST /ollama/api/show", func(w http.ResponseWriter, r *http.Request) {
		var req struct{ Model string }
		json.NewDecoder(r.Body).Decode(&req)
		switch req.Model {
		case "llama3.2":
			io.WriteString(w, `{"parameters":"stop \"<|eot_id|>\"","model_info":{"general.architecture":"llama","llama.context_length":131072}}`)
		case "tuned":
			io.WriteString(w, `{"parameters":"num_ctx 4096\nstop x","model_info":{"llama.context_length":131072}}`)
		default:
			http.Error(w, `{"error":"model not found"}`, 404)
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	tests := []struct {
		server Server
		base   string
		model  string
		want   int
		ok     bool
	}{
		{LMStudio, "/lms/v1", "qwen3-8b", 8192, true},
		{LlamaCpp, "/llama/v1", "", 16384, true},
		{Ollama, "/ollama/v1", "llama3.2", 131072, true},
		{Ollama, "/ollama/v1", "tuned", 4096, true},
		{Ollama, "/ollama/v1", "missing", 0, false},
		{"", "/llama/v1/", "", 16384, true},
		{"", "/nothing/v1", "m", 0, false},
	}
	for _, tt := range tests {
		got, err := ContextLength(context.Background(), srv.Client(), tt.server, srv.URL+tt.base, tt.model)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("%s %s %s: got %d, %v; want %d", tt.server, tt.base, tt.model, got, err, tt.want)
		}
	}
	if got := OllamaNumCtx(131072, 0); got != 32768 {
		t.Errorf("OllamaNumCtx = %d", got)
	}
}

func TestNumCtxSent(t *testing.T) {
	var got map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		json.NewDecoder(r.Body).Decode(&got)
		io.WriteString(w, "data: {\"choices\":[{\"delta\":{\"content\":\"ok\"}}]}\n\ndata: [DONE]\n\n")
	}))
	defer srv.Close()
	c := New(Config{BaseURL: srv.URL + "/v1"})
	if _, err := c.Stream(context.Background(), &llm.Request{Model: "m", NumCtx: 8192}, func(llm.Delta) {}); err != nil {
		t.Fatal(err)
	}
	opts, _ := got["options"].(map[string]any)
	if opts["num_ctx"] != float64(8192) {
		t.Fatalf("options = %v", got["options"])
	}
}
