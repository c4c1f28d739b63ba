package cli

import (
	"context"
	"strings"
	"testing"
)

// An image alone is a prompt on both wires: the user message is the image
// part with no empty text beside it (Anthropic refuses empty text blocks).
func TestRunAttachWithoutPrompt(t *testing.T) {
	anthropic := "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":50,\"output_tokens\":1}}}\n\n" +
		"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n" +
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"A red line.\"}}\n\n" +
		"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":3}}\n\n" +
		"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"
	for _, tc := range []struct {
		provider, model, reply, imageType string
	}{
		{"openai-compatible", "llava", textReply("A red line."), "image_url"},
		{"anthropic", "claude-sonnet-4-5", anthropic, "image"},
	} {
		t.Run(tc.provider, func(t *testing.T) {
			s := newLLMServer(t, tc.reply)
			code, out, errOut := runCLI(t, context.Background(), map[string]string{"ANTHROPIC_API_KEY": "sk-ant-test-999999"},
				"--workspace", t.TempDir(), "--provider", tc.provider, "--model", tc.model, "--base-url", s.srv.URL+"/v1",
				"--attach", shotPNG(t), "--json")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if ev := jsonLines(t, out); ev[len(ev)-1]["text"] != "A red line." {
				t.Errorf("events %v", ev)
			}
			s.mu.Lock()
			defer s.mu.Unlock()
			parts := lastUser(t, s.bodies[0])
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
