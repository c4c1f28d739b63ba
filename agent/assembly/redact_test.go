package assembly

import (
	"context"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/settings"
)

// The key an agent is built with is redacted everywhere, whoever resolved it.
func TestBuildRegistersTheKey(t *testing.T) {
	const key = "resolver-only-key-4411-abcd"
	keys := func(context.Context, string) (string, error) { return key, nil }
	if _, err := Build(context.Background(), keys, Spec{Settings: settings.Defaults(), ProviderID: "openai",
		Model: "gpt-4o", Workspace: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	if got := redact.New().String("k=" + key); strings.Contains(got, key) {
		t.Fatalf("not redacted: %q", got)
	}
}
