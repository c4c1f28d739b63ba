package openai

import (
	"context"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
)

// FuzzReadStream feeds arbitrary bytes as a response body: the adapter
// must return, never panic, and never hand out invalid tool arguments.
func FuzzReadStream(f *testing.F) {
	f.Add("data: {\"choices\":[{\"delta\":{\"content\":\"hi\"}}]}\n\ndata: [DONE]\n\n")
	f.Add("data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":-1,\"function\":{\"name\":\"x\",\"arguments\":\"{\"}}]}}]}\n\n")
	f.Add(": comment\n\ndata: {\"error\":{\"message\":\"x\"}}\n\n")
	f.Fuzz(func(t *testing.T, body string) {
		s := &llm.Stream{Body: strings.NewReader(body), Ctx: context.Background()}
		resp, err := readStream(s, &llm.Response{}, func(llm.Delta) {})
		if resp == nil {
			t.Fatal("nil response")
		}
		if err != nil && len(resp.Message.ToolCalls) > 0 {
			t.Fatal("failed response kept tool calls")
		}
		for _, c := range resp.Message.ToolCalls {
			if c.ID == "" || len(c.Args) == 0 || c.Args[0] != '{' {
				t.Fatalf("bad call %+v", c)
			}
		}
	})
}
