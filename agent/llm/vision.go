package llm

import "strings"

// visionFamilies are name fragments of models known to take images.
var visionFamilies = []string{
	"gpt-4o", "gpt-4.1", "gpt-4-turbo", "gpt-4-vision", "gpt-5", "o1", "o3", "o4",
	"claude-3", "claude-sonnet-4", "claude-opus-4", "claude-haiku-4",
	"gemini", "gemma3", "gemma-3", "llava", "bakllava", "-vl", "vl-", "vision", "pixtral",
	"minicpm-v", "moondream", "mistral-small-3", "mistral-medium", "llama-4", "llama4", "grok-4", "grok-2-vision",
}

// textOnly are fragments that rule a name out even when a family matches.
var textOnly = []string{"o1-mini", "o3-mini", "gpt-4o-audio", "gpt-4o-realtime", "gpt-4o-search", "codex-mini", "-embed"}

// SeesImages guesses from its name whether a model takes image input; a
// provider refusing an image (ClassNoVision) is the final word.
func SeesImages(model string) bool {
	name := strings.ToLower(model)
	for _, f := range textOnly {
		if strings.Contains(name, f) {
			return false
		}
	}
	for _, f := range visionFamilies {
		if strings.Contains(name, f) {
			return true
		}
	}
	return false
}
