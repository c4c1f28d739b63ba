package secrets

import (
	"context"
	"crypto/rand"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/redact"
)

// Every key the store hands out or stores is redacted everywhere after,
// a custom endpoint's included.
func TestKeysJoinTheRedactionSet(t *testing.T) {
	ctx := context.Background()
	// The redaction set is the process's, so each run needs values it has not seen (-count=2).
	run := rand.Text()[:10]
	ring := &memRing{keys: map[string]string{Service + "/custom:My Gateway": "gw-keychain-value-0001" + run}}
	s := NewWith(ring, time.Second, env(map[string]string{"OPENROUTER_API_KEY": "env-value-router-0002" + run}))
	steps := []struct {
		name, key string
		do        func()
	}{
		{"resolved from the keychain", "gw-keychain-value-0001" + run, func() { s.Resolve(ctx, "custom:My Gateway") }},
		{"listed from the environment", "env-value-router-0002" + run, func() { s.Values(ctx, []string{"openrouter"}) }},
		{"set in the keychain", "set-value-anthropic-0003" + run, func() { s.Set(ctx, "anthropic", "set-value-anthropic-0003"+run) }},
		{"kept for the session", "session-value-custom-0004" + run, func() { s.SetSessionOnly("custom:Other", "session-value-custom-0004"+run) }},
	}
	for _, st := range steps {
		text := "key=" + st.key + "."
		if got := redact.New().String(text); got != text {
			t.Fatalf("%s: redacted before the store saw it: %q", st.name, got)
		}
		st.do()
		if got := redact.New().String(text); strings.Contains(got, st.key) {
			t.Errorf("%s: not redacted after: %q", st.name, got)
		}
	}
}
