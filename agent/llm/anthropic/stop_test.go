package anthropic

import (
	"context"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/llm/llmtest"
)

// Anthropic's stop reasons, normalised: a refusal is told apart from an end.
func TestStopReasons(t *testing.T) {
	for _, tt := range []struct{ wire, want string }{
		{"end_turn", llm.StopEnd},
		{"max_tokens", llm.StopLength},
		{"refusal", llm.StopRefusal},
	} {
		stream := strings.Replace(llmtest.AnthropicOK, `"stop_reason":"end_turn"`, `"stop_reason":"`+tt.wire+`"`, 1)
		srv, _ := llmtest.Server(t, stream, 200, "")
		c := New(Config{BaseURL: srv.URL + "/v1", HTTP: srv.Client(), APIKey: "k"})
		resp, err := c.Stream(context.Background(), &llm.Request{Model: "claude-sonnet-4-5", Messages: []llm.Message{{Role: llm.RoleUser, Text: "hi"}}}, func(llm.Delta) {})
		if err != nil || resp.StopReason != tt.want {
			t.Errorf("%s: stop %q, %v; want %q", tt.wire, resp.StopReason, err, tt.want)
		}
	}
}
