// Package childenv is the environment every process Hearth starts gets:
// shell commands, hooks and MCP stdio servers. It is Hearth's own
// environment without provider keys, the person's other LLM credentials
// and Hearth's variables (HEARTH_API_TOKEN and the rest), so a program a
// cloned repository names never reads a secret Hearth was handed.
package childenv

import (
	"os"
	"strings"

	"github.com/hearth-agent/hearth/agent/provider"
)

// otherKeys are LLM credentials outside Hearth's catalog: the person's,
// and no business of a child's.
var otherKeys = []string{
	"GEMINI_API_KEY", "GOOGLE_API_KEY", "MISTRAL_API_KEY", "GROQ_API_KEY", "DEEPSEEK_API_KEY",
	"XAI_API_KEY", "TOGETHER_API_KEY", "AZURE_OPENAI_API_KEY", "COHERE_API_KEY", "FIREWORKS_API_KEY",
	"PERPLEXITY_API_KEY", "HF_TOKEN", "HUGGINGFACE_API_KEY", "REPLICATE_API_TOKEN",
}

// withheld holds the upper-cased names of the keys, built once.
var withheld = func() map[string]bool {
	m := map[string]bool{}
	for _, p := range provider.Builtins() {
		if p.KeyEnv != "" {
			m[strings.ToUpper(p.KeyEnv)] = true
		}
	}
	for _, k := range otherKeys {
		m[k] = true
	}
	return m
}()

// Withheld reports whether a variable named name is kept from children.
// Names compare without case, as Windows compares them.
func Withheld(name string) bool {
	up := strings.ToUpper(name)
	return withheld[up] || strings.HasPrefix(up, "HEARTH_")
}

// Scrub returns base (os.Environ() when nil) without the withheld
// variables; base itself is not changed.
func Scrub(base []string) []string {
	if base == nil {
		base = os.Environ()
	}
	out := make([]string, 0, len(base))
	for _, kv := range base {
		name, _, _ := strings.Cut(kv, "=")
		if !Withheld(name) {
			out = append(out, kv)
		}
	}
	return out
}
