package loop

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/tool"
)

// A tool list that changes mid-turn reaches the next request of the same
// turn, with the system prompt rendered for it; a call to a tool that is
// gone is a tool error the model reads, and a list that cannot be offered
// keeps the previous one.
func TestRefreshChangesToolsMidTurn(t *testing.T) {
	s := newScript(t,
		reply{calls: []llm.ToolCall{call("c1", "add", `{"path":"x"}`)}},
		reply{calls: []llm.ToolCall{call("c2", "add", `{"path":"y"}`), call("c3", "late", `{"path":"z"}`)}},
		reply{calls: []llm.ToolCall{call("c4", "late", `{"path":"w"}`)}},
		reply{text: "done"},
	)
	var step atomic.Int32
	add, late := echoTool("add"), echoTool("late")
	a := newAgent(t, Config{Client: s.client(), System: "first", Tools: []tool.Tool{add},
		Refresh: func(context.Context) *Refreshed {
			switch step.Add(1) {
			case 2: // after add ran: late appears, add is gone
				return &Refreshed{Tools: []tool.Tool{late}, System: "second"}
			case 3: // two tools of one name cannot be offered
				return &Refreshed{Tools: []tool.Tool{late, echoTool("late")}, System: "broken"}
			}
			return nil
		}})
	rec := &recorder{}
	res := a.Run(context.Background(), nil, "go", rec.emit)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	reqs := s.requests()
	if len(reqs) != 4 {
		t.Fatalf("got %d requests, want 4", len(reqs))
	}
	offered := func(i int) []string {
		var out []string
		for _, tl := range reqs[i].Tools {
			out = append(out, tl.Function.Name)
		}
		return out
	}
	for i, want := range [][]string{{"add"}, {"late"}, {"late"}, {"late"}} {
		if got := offered(i); !slices.Equal(got, want) {
			t.Errorf("request %d offered %v, want %v", i+1, got, want)
		}
	}
	if got := reqs[1].Messages[0]; got.Role != "system" || got.Content != "second" {
		t.Errorf("request 2's system prompt: %+v, want the refreshed one", got)
	}
	if got := reqs[2].Messages[0].Content; got != "second" {
		t.Errorf("request 3's system prompt %q: an unusable list must keep the previous prompt", got)
	}
	fin := eventsOf[ToolCallFinished](rec)
	if len(fin) != 4 {
		t.Fatalf("got %d finished calls, want 4", len(fin))
	}
	if fin[1].Name != "add" || fin[1].Status != tool.StatusFailed || !strings.Contains(fin[1].Output, `there is no tool named "add"`) {
		t.Errorf("a call to a removed tool: %+v", fin[1])
	}
	if fin[2].Output != "late:z" || fin[3].Output != "late:w" {
		t.Errorf("the added tool's calls: %q, %q", fin[2].Output, fin[3].Output)
	}
}
