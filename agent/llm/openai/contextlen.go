package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
)

// Server names a local server whose real context window can be read.
type Server string

const (
	LMStudio Server = "lmstudio"
	LlamaCpp Server = "llamacpp"
	Ollama   Server = "ollama"
)

// ErrNoContextInfo means the server did not say how long its window is.
var ErrNoContextInfo = errors.New("the server does not report its context length")

// ContextLength asks a local server how many tokens model's window holds.
// baseURL is the OpenAI-compatible URL (with /v1); the native endpoints live
// beside it. An empty server tries each kind in turn.
func ContextLength(ctx context.Context, hc *http.Client, server Server, baseURL, model string) (int, error) {
	root := strings.TrimSuffix(strings.TrimRight(baseURL, "/"), "/v1")
	probes := map[Server]func() (int, error){
		LMStudio: func() (int, error) { return lmStudio(ctx, hc, root, model) },
		LlamaCpp: func() (int, error) { return llamaCpp(ctx, hc, root) },
		Ollama:   func() (int, error) { return ollama(ctx, hc, root, model) },
	}
	if p, ok := probes[server]; ok {
		return p()
	}
	for _, s := range []Server{LlamaCpp, LMStudio, Ollama} {
		if n, err := probes[s](); err == nil {
			return n, nil
		}
	}
	return 0, ErrNoContextInfo
}

func getJSON(ctx context.Context, hc *http.Client, method, url string, body []byte, v any) error {
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return fmt.Errorf("%s: HTTP %d", url, resp.StatusCode)
	}
	return json.NewDecoder(io.LimitReader(resp.Body, 8<<20)).Decode(v)
}

// lmStudio reads /api/v0/models/{model}: the loaded window when the model is
// loaded, else its maximum.
func lmStudio(ctx context.Context, hc *http.Client, root, model string) (int, error) {
	var m struct {
		LoadedContextLength int `json:"loaded_context_length"`
		MaxContextLength    int `json:"max_context_length"`
	}
	if err := getJSON(ctx, hc, http.MethodGet, root+"/api/v0/models/"+model, nil, &m); err != nil {
		return 0, err
	}
	if m.LoadedContextLength > 0 {
		return m.LoadedContextLength, nil
	}
	if m.MaxContextLength > 0 {
		return m.MaxContextLength, nil
	}
	return 0, ErrNoContextInfo
}

// llamaCpp reads /props: n_ctx of the running server (per slot).
func llamaCpp(ctx context.Context, hc *http.Client, root string) (int, error) {
	var p struct {
		DefaultGenerationSettings struct {
			NCtx int `json:"n_ctx"`
		} `json:"default_generation_settings"`
		NCtx int `json:"n_ctx"`
	}
	if err := getJSON(ctx, hc, http.MethodGet, root+"/props", nil, &p); err != nil {
		return 0, err
	}
	if n := p.DefaultGenerationSettings.NCtx; n > 0 {
		return n, nil
	}
	if p.NCtx > 0 {
		return p.NCtx, nil
	}
	return 0, ErrNoContextInfo
}

var numCtxParam = regexp.MustCompile(`(?m)^\s*num_ctx\s+(\d+)`)

// ollama reads /api/show: a num_ctx set in the Modelfile wins, else the
// model's trained "<arch>.context_length".
func ollama(ctx context.Context, hc *http.Client, root, model string) (int, error) {
	var s struct {
		Parameters string                     `json:"parameters"`
		ModelInfo  map[string]json.RawMessage `json:"model_info"`
	}
	body, _ := json.Marshal(map[string]string{"model": model})
	if err := getJSON(ctx, hc, http.MethodPost, root+"/api/show", body, &s); err != nil {
		return 0, err
	}
	if m := numCtxParam.FindStringSubmatch(s.Parameters); m != nil {
		if n, _ := strconv.Atoi(m[1]); n > 0 {
			return n, nil
		}
	}
	for k, v := range s.ModelInfo {
		if strings.HasSuffix(k, ".context_length") {
			if n, err := strconv.Atoi(string(v)); err == nil && n > 0 {
				return n, nil
			}
		}
	}
	return 0, ErrNoContextInfo
}

// OllamaNumCtx is the num_ctx to send for a model whose window is window:
// the whole window, capped so a huge trained window does not make Ollama
// allocate a KV cache the machine cannot hold.
func OllamaNumCtx(window, limit int) int {
	if limit <= 0 {
		limit = 32768
	}
	return min(window, limit)
}
