package loop

import (
	"context"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/tool"
)

func TestClientToolEndsTurnAndContinueAnswers(t *testing.T) {
	s := newScript(t,
		reply{calls: []llm.ToolCall{call("c1", "read", `{"path":"a"}`), call("c2", "weather", `{"city":"Oslo"}`)}},
		reply{text: "It is sunny in Oslo."},
	)
	a := newAgent(t, Config{Client: s.client(), Tools: []tool.Tool{echoTool("read")},
		ClientTools: []llm.ToolDef{{Name: "weather", Description: "the weather"}}})
	rec := &recorder{}
	res := a.Run(context.Background(), nil, "weather?", rec.emit)
	if res.Err != nil || len(res.ClientCalls) != 1 || res.ClientCalls[0].Name != "weather" {
		t.Fatalf("want one client call, got %+v (err %v)", res.ClientCalls, res.Err)
	}
	if got := eventsOf[ToolCallFinished](rec); len(got) != 1 || got[0].Name != "read" {
		t.Fatalf("the agent's own call must run, and only it: %+v", got)
	}
	if tools := s.requests()[0].Tools; len(tools) != 2 {
		t.Fatalf("the client tool must be offered beside the agent's: %+v", tools)
	}
	res = a.Continue(context.Background(), res.Messages, []llm.ToolResult{{CallID: "c2", Name: "weather", Content: "sunny"}}, rec.emit)
	if res.Err != nil || res.Text != "It is sunny in Oslo." {
		t.Fatalf("continue: %q %v", res.Text, res.Err)
	}
	sent := s.requests()[1].Messages
	var answered []string
	for _, m := range sent {
		if m.Role == "tool" {
			answered = append(answered, m.ToolCallID)
		}
	}
	if len(answered) != 2 || answered[0] != "c1" || answered[1] != "c2" {
		t.Fatalf("both calls must be answered in the continued request, got %v", answered)
	}
}

func TestClientToolNamedLikeOwnToolIsRefused(t *testing.T) {
	_, err := New(Config{Client: newScript(t).client(), Model: "m", Tools: []tool.Tool{echoTool("read")},
		ClientTools: []llm.ToolDef{{Name: "read"}}})
	if err == nil {
		t.Fatal("a client tool shadowing the agent's must be refused")
	}
}
