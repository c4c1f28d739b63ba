package assembly

import (
	"context"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/egress"
	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/llm/openai"
	"github.com/hearth-agent/hearth/agent/provider"
)

// Vision says whether model takes images: known from its name, else asked
// of the server that runs it (a local server or OpenRouter's catalog).
// known is false when neither could tell; the composer then sends an
// image and lets the provider's answer decide.
func (c *Cache) Vision(ctx context.Context, id, baseURL, model string) (sees, known bool) {
	if llm.SeesImages(model) {
		return true, true
	}
	info, _ := provider.Lookup(id)
	server := openai.LlamaCpp // a custom or compatible endpoint is most often llama.cpp
	switch {
	case id == "ollama":
		server = openai.Ollama
	case id == "lmstudio":
		server = openai.LMStudio
	case id == "openrouter":
		server = openai.OpenRouter
	case info.Local || id == provider.OpenAICompatible || strings.HasPrefix(id, provider.CustomPrefix):
	default:
		return false, false // a cloud provider's catalog is its names
	}
	key := "vision\x00" + id + "\x00" + baseURL + "\x00" + model
	if p, ok := c.window(key); ok {
		return p.sees, p.ok
	}
	pctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	sees, err := openai.Vision(pctx, egress.Client(egress.Model, egress.WithTimeout(3*time.Second)), server, baseURL, model)
	c.keepWindow(key, probed{sees: sees, ok: err == nil})
	return sees, err == nil
}
