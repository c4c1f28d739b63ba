package llm

import "testing"

func TestSeesImages(t *testing.T) {
	for model, want := range map[string]bool{
		"gpt-4o": true, "gpt-4o-mini-2024-07-18": true, "gpt-4.1-nano": true, "gpt-5": true, "o3": true,
		"o3-mini": false, "gpt-3.5-turbo": false, "claude-sonnet-4-5": true, "anthropic/claude-3.5-haiku": true,
		"qwen2.5-vl-7b-instruct": true, "llava:13b": true, "llama3.2-vision": true, "gemma3:4b": true,
		"qwen2.5-coder:7b": false, "deepseek-chat": false, "llama3.1:8b": false, "text-embedding-3-small": false,
	} {
		if got := SeesImages(model); got != want {
			t.Errorf("SeesImages(%q) = %v, want %v", model, got, want)
		}
	}
}
