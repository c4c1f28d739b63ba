package tools

import (
	"strings"

	"github.com/hearth-agent/hearth/agent/childenv"
)

// childEnv returns base (os.Environ() when nil) scrubbed like every
// child's environment, and with a non-interactive setup.
func childEnv(base []string) []string {
	// No pager or prompt can wait for input that never comes.
	return append(childenv.Scrub(base), "GIT_PAGER=cat", "PAGER=cat", "GIT_TERMINAL_PROMPT=0")
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
