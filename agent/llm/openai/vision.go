package openai

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
)

// OpenRouter names the hosted catalog whose models say what input they take.
const OpenRouter Server = "openrouter"

// ErrNoVisionInfo means the server did not say whether the model sees images.
var ErrNoVisionInfo = errors.New("the server does not report whether the model takes images")

// Vision asks the server whether model takes images: Ollama's
// capabilities, LM Studio's model type, llama.cpp's modalities, OpenRouter's
// input modalities. A model Hearth's name list does not know is asked
// here, so a pasted image is refused only when the server says no.
func Vision(ctx context.Context, hc *http.Client, server Server, baseURL, model string) (bool, error) {
	root := strings.TrimSuffix(strings.TrimRight(baseURL, "/"), "/v1")
	switch server {
	case Ollama:
		var s struct {
			Capabilities []string `json:"capabilities"`
		}
		body, _ := json.Marshal(map[string]string{"model": model})
		if err := getJSON(ctx, hc, http.MethodPost, root+"/api/show", body, &s); err != nil {
			return false, err
		}
		if s.Capabilities == nil {
			return false, ErrNoVisionInfo
		}
		return slices.Contains(s.Capabilities, "vision"), nil
	case LMStudio:
		var m struct {
			Type string `json:"type"`
		}
		if err := getJSON(ctx, hc, http.MethodGet, root+"/api/v0/models/"+model, nil, &m); err != nil {
			return false, err
		}
		if m.Type == "" {
			return false, ErrNoVisionInfo
		}
		return m.Type == "vlm", nil
	case LlamaCpp:
		var p struct {
			Modalities *struct {
				Vision bool `json:"vision"`
			} `json:"modalities"`
		}
		if err := getJSON(ctx, hc, http.MethodGet, root+"/props", nil, &p); err != nil {
			return false, err
		}
		if p.Modalities == nil {
			return false, ErrNoVisionInfo
		}
		return p.Modalities.Vision, nil
	case OpenRouter:
		var list struct {
			Data []struct {
				ID           string `json:"id"`
				Architecture struct {
					InputModalities []string `json:"input_modalities"`
				} `json:"architecture"`
			} `json:"data"`
		}
		if err := getJSON(ctx, hc, http.MethodGet, strings.TrimRight(baseURL, "/")+"/models", nil, &list); err != nil {
			return false, err
		}
		for _, m := range list.Data {
			if m.ID == model && m.Architecture.InputModalities != nil {
				return slices.Contains(m.Architecture.InputModalities, "image"), nil
			}
		}
	}
	return false, ErrNoVisionInfo
}
