// Package llmtest is a loopback provider for the wire adapters' tests: a
// real HTTP server on 127.0.0.1 that answers in the provider's own format
// and keeps what the adapter sent.
package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Bodies are the request bodies a Server received, in order.
type Bodies struct {
	mu  sync.Mutex
	all [][]byte
}

// All returns the bodies received so far.
func (b *Bodies) All() [][]byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([][]byte(nil), b.all...)
}

// Server answers every request with stream (as text/event-stream) when
// status is 200, else with status and errBody, and keeps each body.
func Server(t testing.TB, stream string, status int, errBody string) (*httptest.Server, *Bodies) {
	t.Helper()
	bodies := &Bodies{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		bodies.mu.Lock()
		bodies.all = append(bodies.all, b)
		bodies.mu.Unlock()
		if status != http.StatusOK {
			w.WriteHeader(status)
			io.WriteString(w, errBody)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, stream)
	}))
	t.Cleanup(srv.Close)
	return srv, bodies
}

// OpenAIOK is an OpenAI chat completions stream answering "ok".
const OpenAIOK = "data: {\"choices\":[{\"delta\":{\"content\":\"ok\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n"

// AnthropicOK is an Anthropic Messages stream answering "ok".
const AnthropicOK = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":3,\"output_tokens\":0}}}\n\n" +
	"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n" +
	"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"ok\"}}\n\n" +
	"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n" +
	"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":1}}\n\n" +
	"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"

// OpenAI is a Server answering OpenAIOK, or status and errBody.
func OpenAI(t testing.TB, status int, errBody string) (*httptest.Server, *Bodies) {
	t.Helper()
	return Server(t, OpenAIOK, status, errBody)
}

// Anthropic is a Server answering AnthropicOK, or status and errBody.
func Anthropic(t testing.TB, status int, errBody string) (*httptest.Server, *Bodies) {
	t.Helper()
	return Server(t, AnthropicOK, status, errBody)
}

// OpenAIText is a scripted OpenAI reply streaming parts as text deltas,
// then stop: its chunks one per line, ending in [DONE], for a scripted
// server to send each as an SSE data line.
func OpenAIText(parts ...string) string {
	return openAIText(`{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`, parts)
}

// OpenAITextUsage is OpenAIText whose last chunk reports in prompt and out
// completion tokens.
func OpenAITextUsage(in, out int, parts ...string) string {
	return openAIText(fmt.Sprintf(`{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":%d,"completion_tokens":%d}}`, in, out), parts)
}

func openAIText(stop string, parts []string) string {
	lines := make([]string, 0, len(parts)+2)
	for _, t := range parts {
		b, _ := json.Marshal(t)
		lines = append(lines, `{"choices":[{"index":0,"delta":{"content":`+string(b)+`}}]}`)
	}
	return strings.Join(append(lines, stop, "[DONE]"), "\n")
}

// OpenAICall is a scripted OpenAI reply calling tool name with args (a
// JSON object's text), in OpenAIText's form.
func OpenAICall(id, name, args string) string {
	a, _ := json.Marshal(args)
	return strings.Join([]string{
		`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"` + id + `","type":"function","function":{"name":"` + name + `","arguments":` + string(a) + `}}]}}]}`,
		`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`, "[DONE]"}, "\n")
}
