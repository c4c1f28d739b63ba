package record

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/tool"
)

func openStore(t *testing.T) (*session.Store, string) {
	t.Helper()
	ctx := context.Background()
	st, err := session.Open(ctx, filepath.Join(t.TempDir(), "sessions.db"), session.Options{FlushInterval: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	s, err := st.Create(ctx, session.NewSession{Workspace: "/ws", Provider: "openai", Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	return st, s.ID
}

// A two-step turn: the model calls read_file, then answers.
func twoStepTurn() []loop.Event {
	return []loop.Event{
		loop.ReasoningDelta{Text: "let me look"},
		loop.TextDelta{Text: "Reading "},
		loop.TextDelta{Text: "it."},
		loop.UsageReported{Usage: llm.Usage{InputTokens: 100, OutputTokens: 10}, Cost: 0.01, CostKnown: true},
		loop.ToolCallStarted{ID: "call_1", Name: "read_file", Args: json.RawMessage(`{"path":"a.go"}`)},
		loop.ToolCallFinished{ID: "call_1", Name: "read_file", Status: tool.StatusSucceeded, Output: "1: package a"},
		loop.TextDelta{Text: "It is package a."},
		loop.UsageReported{Usage: llm.Usage{InputTokens: 150, OutputTokens: 8}},
		loop.TurnDone{Text: "It is package a.", Iterations: 2},
	}
}

func TestRecordedTurnRebuildsTheHistory(t *testing.T) {
	ctx := context.Background()
	st, id := openStore(t)
	r, err := Begin(ctx, st, id, "openai", "m", "what package is a.go?")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range twoStepTurn() {
		r.Event(ctx, e)
	}
	if r.Err() != nil {
		t.Fatal(r.Err())
	}
	tr, err := st.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if r.UserMessageID() != tr.Messages[0].ID || r.LastMessageID() != tr.Messages[2].ID {
		t.Errorf("ids: user %d last %d, stored %d..%d", r.UserMessageID(), r.LastMessageID(), tr.Messages[0].ID, tr.Messages[len(tr.Messages)-1].ID)
	}
	if n := len(tr.Messages); n != 3 {
		t.Fatalf("stored %d messages, want user + 2 steps: %+v", n, tr.Messages)
	}
	first := tr.Messages[1]
	if first.Text != "Reading it." || first.Reasoning != "let me look" || len(first.ToolCalls) != 1 ||
		first.ToolCalls[0].Status != session.ToolOK || first.State != session.StateComplete || first.Usage.CostUSD != 0.01 {
		t.Errorf("first step = %+v", first)
	}
	h, starts, err := HistoryWithTurns(tr)
	if err != nil {
		t.Fatal(err)
	}
	if len(starts) != 1 || starts[0] != (TurnStart{UserMessageID: tr.Messages[0].ID, Prompt: "what package is a.go?", HistoryIndex: 0, PrevMessageID: 0}) {
		t.Errorf("turn starts = %+v", starts)
	}
	roles := []llm.Role{}
	for _, m := range h {
		roles = append(roles, m.Role)
	}
	want := []llm.Role{llm.RoleUser, llm.RoleAssistant, llm.RoleTool, llm.RoleAssistant}
	if len(roles) != len(want) {
		t.Fatalf("roles = %v, want %v", roles, want)
	}
	for i := range want {
		if roles[i] != want[i] {
			t.Fatalf("roles = %v, want %v", roles, want)
		}
	}
	if h[1].ToolCalls[0].ID != "call_1" || string(h[1].ToolCalls[0].Args) != `{"path":"a.go"}` ||
		h[2].ToolResults[0].CallID != "call_1" || h[2].ToolResults[0].Content != "1: package a" || h[3].Text != "It is package a." {
		t.Errorf("history = %+v", h)
	}
}

func TestStoppedAndFailedTurnsKeepTheirState(t *testing.T) {
	tests := []struct {
		name   string
		events []loop.Event
		want   session.State
	}{
		{"stopped mid-text", []loop.Event{loop.TextDelta{Text: "part"}, loop.TurnDone{Text: "part", Stopped: true}}, session.StateStopped},
		{"failed", []loop.Event{loop.TextDelta{Text: "x"}, loop.TurnError{Class: "server", Message: "boom"}, loop.TurnDone{}}, session.StateFailed},
		{"stopped during a tool", []loop.Event{
			loop.ToolCallStarted{ID: "c", Name: "shell", Args: json.RawMessage(`{}`)},
			loop.ToolCallFinished{ID: "c", Name: "shell", Status: tool.StatusCanceled},
			loop.TurnDone{Stopped: true}}, session.StateStopped},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			st, id := openStore(t)
			r, err := Begin(ctx, st, id, "p", "m", "go")
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range tt.events {
				r.Event(ctx, e)
			}
			tr, err := st.Load(ctx, id)
			if err != nil || r.Err() != nil {
				t.Fatal(err, r.Err())
			}
			last := tr.Messages[len(tr.Messages)-1]
			if last.State != tt.want {
				t.Errorf("state = %s, want %s", last.State, tt.want)
			}
			if _, err := History(tr); err != nil {
				t.Error(err)
			}
		})
	}
}
