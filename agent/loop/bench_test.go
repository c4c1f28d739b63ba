package loop

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/tool"
)

// instantClient answers at once: a tool call on every response but the
// last of each turn, so the benchmark measures the loop, not a model.
type instantClient struct {
	perTurn int
	n       int
}

func (c *instantClient) Stream(ctx context.Context, req *llm.Request, onDelta func(llm.Delta)) (*llm.Response, error) {
	c.n++
	onDelta(llm.Delta{Text: "ok "})
	u := llm.Usage{InputTokens: 1000, OutputTokens: 20}
	if c.n%c.perTurn == 0 {
		return &llm.Response{Message: llm.Message{Role: llm.RoleAssistant, Text: "done"}, Usage: u, StopReason: llm.StopEnd}, nil
	}
	tc := llm.ToolCall{ID: fmt.Sprintf("call_%d", c.n), Name: "read_file", Args: json.RawMessage(`{"path":"src/main.go"}`)}
	return &llm.Response{Message: llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{tc}}, Usage: u, StopReason: llm.StopToolCalls}, nil
}

// BenchmarkLoopIteration reports the loop's own cost per model call:
// request building, token estimate, schema validation, tool dispatch,
// events and history bookkeeping, with a zero-latency model and tool.
func BenchmarkLoopIteration(b *testing.B) {
	const perTurn = 10
	instant := &fnTool{name: "read_file", readOnly: true, run: func(ctx context.Context, args json.RawMessage) (string, error) {
		return "package main\n", nil
	}}
	a := newAgent(b, Config{Client: &instantClient{perTurn: perTurn}, Tools: []tool.Tool{instant}, Window: 200000,
		System: strings.Repeat("system prompt ", 200)})
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		res := a.Run(context.Background(), nil, "go", func(Event) {})
		if res.Err != nil || res.Iterations != perTurn {
			b.Fatalf("turn: %+v", res)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*perTurn)/1e3, "µs/iteration")
}

// history1000 builds a realistic 1,000-message conversation: user
// prompts, assistant answers with tool calls, and tool results.
func history1000() []llm.Message {
	msgs := make([]llm.Message, 0, 1000)
	for i := 0; len(msgs) < 1000; i++ {
		msgs = append(msgs,
			llm.Message{Role: llm.RoleUser, Text: strings.Repeat("please change the parser ", 8)},
			llm.Message{Role: llm.RoleAssistant, Text: strings.Repeat("I will look at the file. ", 30),
				ToolCalls: []llm.ToolCall{{ID: fmt.Sprintf("call_%d", i), Name: "read_file", Args: json.RawMessage(`{"path":"internal/parser/parser.go"}`)}}},
			llm.Message{Role: llm.RoleTool, ToolResults: []llm.ToolResult{{CallID: fmt.Sprintf("call_%d", i), Name: "read_file",
				Content: strings.Repeat("func parse(s string) (Node, error) { return nil, nil }\n", 40)}}},
			llm.Message{Role: llm.RoleAssistant, Text: strings.Repeat("Done: the parser now handles it. ", 20)})
	}
	return msgs[:1000]
}

// BenchmarkHistory1000 reports the heap held by a 1,000-message history
// and the cost of estimating its tokens before a request.
func BenchmarkHistory1000(b *testing.B) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	h := history1000()
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := after.HeapAlloc - before.HeapAlloc
	var e estimator
	e.factor = 1
	req := &llm.Request{Messages: h}
	b.ReportAllocs()
	for b.Loop() {
		_ = e.request(req)
	}
	runtime.KeepAlive(h)
	b.ReportMetric(float64(held)/(1<<20), "MiB/history")
}
