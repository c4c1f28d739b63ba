package tools

import (
	"os"
	"strings"

	"github.com/hearth-agent/hearth/agent/provider"
)

// extraKeyVars are provider keys outside Hearth's catalog that the child
// still must not see: the user's other LLM credentials.
var extraKeyVars = []string{
	"GEMINI_API_KEY", "GOOGLE_API_KEY", "MISTRAL_API_KEY", "GROQ_API_KEY", "DEEPSEEK_API_KEY",
	"XAI_API_KEY", "TOGETHER_API_KEY", "AZURE_OPENAI_API_KEY", "COHERE_API_KEY", "FIREWORKS_API_KEY",
	"PERPLEXITY_API_KEY", "HF_TOKEN", "HUGGINGFACE_API_KEY", "REPLICATE_API_TOKEN",
}

// childEnv returns base (os.Environ() when nil) without provider keys or
// Hearth's own variables, and with a non-interactive setup.
func childEnv(base []string) []string {
	if base == nil {
		base = os.Environ()
	}
	drop := map[string]bool{}
	for _, p := range provider.Builtins() {
		if p.KeyEnv != "" {
			drop[p.KeyEnv] = true
		}
	}
	for _, k := range extraKeyVars {
		drop[k] = true
	}
	out := make([]string, 0, len(base)+3)
	for _, kv := range base {
		name, _, _ := strings.Cut(kv, "=")
		if drop[strings.ToUpper(name)] || strings.HasPrefix(strings.ToUpper(name), "HEARTH_") {
			continue
		}
		out = append(out, kv)
	}
	// No pager or prompt can wait for input that never comes.
	return append(out, "GIT_PAGER=cat", "PAGER=cat", "GIT_TERMINAL_PROMPT=0")
}

// envValue returns NAME's value in env ("" when unset).
func envValue(env []string, name string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(env[i], "="); ok && k == name {
			return v
		}
	}
	return ""
}
