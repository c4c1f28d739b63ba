package provider

import "testing"

func TestEffort(t *testing.T) {
	tests := []struct {
		id, model string
		want      bool
	}{
		{"openai", "gpt-5", true},
		{"openai", "o3-mini", true},
		{"openai", "o4-mini", true},
		{"openai", "gpt-4o", false},
		{"openai", "gpt-4.1-mini", false},
		{"openai", "deepseek-reasoner", true},
		{"openai", "", true}, // the provider's default, gpt-5
		{"anthropic", "claude-sonnet-4-5", true},
		{"anthropic", "claude-3-7-sonnet-latest", true},
		{"anthropic", "claude-opus-4-1", true},
		{"anthropic", "claude-3-5-haiku-latest", false},
		{"anthropic", "claude-3-opus-20240229", false},
		{"openrouter", "anthropic/claude-sonnet-4.5", true},
		{"openrouter", "anthropic/claude-3.5-sonnet", false},
		{"openrouter", "deepseek/deepseek-r1", true},
		{"openrouter", "openai/o3", true},
		{"openrouter", "meta-llama/llama-3.3-70b-instruct", false},
		{"ollama", "qwq", false}, // the wire sends no effort
		{"custom:lab", "o3", false},
		{OpenAICompatible, "gpt-5", false},
	}
	for _, tt := range tests {
		if got := Effort(tt.id, tt.model); got != tt.want {
			t.Errorf("Effort(%q, %q) = %v, want %v", tt.id, tt.model, got, tt.want)
		}
	}
}
