package loop

import (
	"context"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm"
)

func TestCompactOnRequestKeepsUserWordsAndAnnounces(t *testing.T) {
	var history []llm.Message
	for i := 0; i < 6; i++ {
		history = append(history,
			llm.Message{Role: llm.RoleUser, Text: "rule " + string(rune('A'+i)) + ": no globals"},
			llm.Message{Role: llm.RoleAssistant, Text: strings.Repeat("a long answer ", 300)})
	}
	s := newScript(t, reply{text: "SUMMARY: the rules so far."})
	a := newAgent(t, Config{Client: s.client(), Window: 6000})
	var rec recorder
	out, changed := a.Compact(context.Background(), history, rec.emit)
	if !changed || len(out) >= len(history) {
		t.Fatalf("changed %v, %d → %d messages", changed, len(history), len(out))
	}
	if comp := eventsOf[Compacted](&rec); len(comp) == 0 || comp[len(comp)-1].After >= comp[0].Before {
		t.Errorf("compaction events %+v", comp)
	}
	var all strings.Builder
	for _, m := range out {
		all.WriteString(m.Text)
	}
	for _, m := range history {
		if m.Role == llm.RoleUser && !strings.Contains(all.String(), m.Text) {
			t.Errorf("user message %q lost", m.Text)
		}
	}
	if !strings.Contains(all.String(), "SUMMARY: the rules so far.") {
		t.Error("summary missing")
	}
	if &out[0] == &history[0] {
		t.Error("the caller's history was modified in place")
	}
}

func TestCompactWithUnknownWindowChangesNothing(t *testing.T) {
	s := newScript(t)
	a := newAgent(t, Config{Client: s.client()})
	h := []llm.Message{{Role: llm.RoleUser, Text: "hi"}}
	if out, changed := a.Compact(context.Background(), h, nil); changed || len(out) != 1 {
		t.Errorf("changed %v, %v", changed, out)
	}
}

func TestCompactFocusReachesTheSummaryCall(t *testing.T) {
	var history []llm.Message
	for i := 0; i < 6; i++ {
		history = append(history,
			llm.Message{Role: llm.RoleUser, Text: "step " + string(rune('A'+i))},
			llm.Message{Role: llm.RoleAssistant, Text: strings.Repeat("a long answer ", 300)})
	}
	s := newScript(t, reply{text: "SUMMARY."})
	a := newAgent(t, Config{Client: s.client(), Window: 6000})
	if _, changed := a.CompactFocus(context.Background(), history, "the database schema", nil); !changed {
		t.Fatal("nothing compacted")
	}
	reqs := s.requests()
	if len(reqs) != 1 || !strings.HasPrefix(reqs[0].Messages[len(reqs[0].Messages)-1].Content, "Focus the summary on: the database schema") {
		t.Fatalf("summary request %+v", reqs)
	}
}
