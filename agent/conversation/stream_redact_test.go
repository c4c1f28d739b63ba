package conversation

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/tool"
)

// Generated for the tests; not a live key.
const splitKey = "sk-proj-Rt5yUi7oPa9sDf1gHj3kLz5xCv7bNm9qWe1rTy3uIo5pAs7dFg9hJk1lZx3cVb5nM7qW9eR1tY3uI5o"

func noPiece(t *testing.T, where, out string, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		for i := 0; i+10 <= len(s); i++ {
			if strings.Contains(out, s[i:i+10]) {
				t.Fatalf("%s holds %q, a piece of a secret", where, s[i:i+10])
			}
		}
	}
}

func TestToolProgressNeverShowsAKeySplitOverChunks(t *testing.T) {
	var events []Event
	s := newTurnStream(func(e Event) { events = append(events, e) }, redact.New(), "t1")
	out := "$ env\nHOME=/home/u\nOPENAI_API_KEY=" + splitKey + "\nPATH=/bin\n"
	rng := rand.New(rand.NewSource(3))
	for rest := out; rest != ""; {
		n := min(len(rest), 1+rng.Intn(5))
		s.progress("c1", rest[:n])
		rest = rest[n:]
	}
	s.event(loop.ToolCallFinished{ID: "c1", Name: "shell", Status: tool.StatusSucceeded, Output: out})
	var shown strings.Builder
	for i, e := range events {
		if p, ok := e.(*ToolProgress); ok {
			shown.WriteString(p.Chunk)
		}
		if eventType(e) == "tool_finished" && i != len(events)-1 {
			t.Fatalf("output after tool_finished: %v", events[i+1:])
		}
	}
	if want := redact.New().String(out); shown.String() != want {
		t.Fatalf("shown %q, want %q", shown.String(), want)
	}
	all, _ := json.Marshal(events)
	noPiece(t, "the progress events", string(all), splitKey)
}
