package assembly

import (
	"context"
	"errors"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/settings"
)

func f(v float64) *float64 { return &v }

func TestApplyOverride(t *testing.T) {
	base := llm.ModelInfo{Context: 128000, MaxOutput: 4096, Input: 2, CachedInput: 1, Output: 8}
	tests := []struct {
		name string
		o    settings.ModelOverride
		want llm.ModelInfo
	}{
		{"nothing", settings.ModelOverride{}, base},
		{"context only", settings.ModelOverride{Context: 32768}, llm.ModelInfo{Context: 32768, MaxOutput: 4096, Input: 2, CachedInput: 1, Output: 8}},
		{"free model", settings.ModelOverride{Input: f(0), Output: f(0)}, llm.ModelInfo{Context: 128000, MaxOutput: 4096, Input: 0, CachedInput: 1, Output: 0}},
	}
	for _, tt := range tests {
		if got := applyOverride(base, tt.o); got != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestBuildErrors(t *testing.T) {
	noKey := func(context.Context, string) (string, error) { return "", nil }
	st := settings.Defaults()
	tests := []struct {
		name  string
		spec  Spec
		check func(error) bool
	}{
		{"no model", Spec{Settings: st, ProviderID: "openai-compatible", BaseURL: "http://127.0.0.1:9/v1", Workspace: t.TempDir()},
			func(err error) bool { return errors.Is(err, ErrNoModel) }},
		{"no key", Spec{Settings: st, ProviderID: "anthropic", Model: "claude-x", Workspace: t.TempDir()}, func(err error) bool {
			var nk *NoKeyError
			return errors.As(err, &nk) && nk.KeyEnv == "ANTHROPIC_API_KEY"
		}},
		{"unknown provider", Spec{Settings: st, ProviderID: "nope", Model: "m", Workspace: t.TempDir()}, func(err error) bool { return err != nil }},
	}
	for _, tt := range tests {
		if _, err := Build(context.Background(), noKey, tt.spec); !tt.check(err) {
			t.Errorf("%s: err = %v", tt.name, err)
		}
	}
}
