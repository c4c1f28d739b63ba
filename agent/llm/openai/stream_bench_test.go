package openai

import (
	"context"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
)

// BenchmarkReadStream measures the whole adapter path after the socket:
// SSE framing, chunk decoding, deltas, and tool-call accumulation.
func BenchmarkReadStream(b *testing.B) {
	text := `data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hello there, token"},"finish_reason":null}]}` + "\n\n"
	call := `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"abcdefgh\","}}]}}]}` + "\n\n"
	stream := `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","function":{"name":"write_file","arguments":"{\"parts\":["}}]}}]}` + "\n\n" +
		strings.Repeat(text, 2000) + strings.Repeat(call, 2000) +
		`data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"end\"]}"}}]}}]}` + "\n\ndata: [DONE]\n\n"
	b.SetBytes(int64(len(stream)))
	b.ReportAllocs()
	for b.Loop() {
		s := &llm.Stream{Body: strings.NewReader(stream), Ctx: context.Background()}
		resp, err := readStream(s, &llm.Response{}, func(llm.Delta) {})
		if err != nil || len(resp.Message.ToolCalls) != 1 {
			b.Fatal(err)
		}
	}
}
