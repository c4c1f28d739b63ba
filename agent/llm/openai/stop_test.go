package openai

import (
	"context"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/llm/llmtest"
)

// OpenAI's finish reasons, normalised: a content filter is a refusal.
func TestStopReasons(t *testing.T) {
	for _, tt := range []struct{ wire, want string }{
		{"stop", llm.StopEnd},
		{"length", llm.StopLength},
		{"content_filter", llm.StopRefusal},
	} {
		stream := strings.Replace(llmtest.OpenAIOK, `"finish_reason":"stop"`, `"finish_reason":"`+tt.wire+`"`, 1)
		srv, _ := llmtest.Server(t, stream, 200, "")
		c := New(Config{BaseURL: srv.URL + "/v1", HTTP: srv.Client(), APIKey: "k"})
		resp, err := c.Stream(context.Background(), &llm.Request{Model: "gpt-4o", Messages: []llm.Message{{Role: llm.RoleUser, Text: "hi"}}}, func(llm.Delta) {})
		if err != nil || resp.StopReason != tt.want {
			t.Errorf("%s: stop %q, %v; want %q", tt.wire, resp.StopReason, err, tt.want)
		}
	}
}
