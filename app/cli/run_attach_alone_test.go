package cli

import (
	"context"
	"strings"
	"testing"
)

// An image alone is a prompt on both wires: the user message is the image
// part with no empty text beside it (Anthropic refuses empty text blocks).
func TestRunAttachWithoutPrompt(t *testing.T) {
	for _, tc := range []struct {
		provider, model, imageType string
	}{
		{"openai-compatible", "llava", "image_url"},
		{"anthropic", "claude-sonnet-4-5", "image"},
	} {
		t.Run(tc.provider, func(t *testing.T) {
			parts := runAttach(t, tc.provider, tc.model, "--attach", shotPNG(t))
			if len(parts) != 1 || parts[0].(map[string]any)["type"] != tc.imageType {
				t.Fatalf("parts %v, want the image alone", parts)
			}
		})
	}
	code, _, errOut := runCLI(t, context.Background(), nil, "--workspace", t.TempDir(), "--provider", "openai-compatible",
		"--model", "llava", "--base-url", "http://127.0.0.1:1/v1", "--json")
	if code != ExitUsage || !strings.Contains(errOut, "missing PROMPT (or --attach FILE)") {
		t.Errorf("no prompt and nothing attached = %d %q", code, errOut)
	}
}
