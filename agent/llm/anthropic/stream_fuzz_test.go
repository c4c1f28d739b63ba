package anthropic

import (
	"context"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
)

// FuzzReadStream: arbitrary bodies never panic the decoder and a failed
// response never carries tool calls.
func FuzzReadStream(f *testing.F) {
	f.Add("event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"n\"}}\n\nevent: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")
	f.Add("data: {\"type\":\"content_block_delta\",\"index\":-5,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\"}}\n\n")
	f.Fuzz(func(t *testing.T, body string) {
		s := &llm.Stream{Body: strings.NewReader(body), Ctx: context.Background()}
		resp, err := readStream(s, &llm.Response{}, func(llm.Delta) {})
		if resp == nil {
			t.Fatal("nil response")
		}
		if err != nil && len(resp.Message.ToolCalls) > 0 {
			t.Fatal("failed response kept tool calls")
		}
	})
}
