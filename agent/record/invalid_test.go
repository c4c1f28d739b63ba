package record

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm/openai"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
)

// openAICall is one streamed response holding a single tool call.
func openAICall(id, name, args string) string {
	return fmt.Sprintf("data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":%q,\"type\":\"function\",\"function\":{\"name\":%q,\"arguments\":%q}}]}}]}\n\n", id, name, args) +
		"data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\ndata: [DONE]\n\n"
}

// TestInvalidCallIsRecordedAndRecordingGoesOn: a model that calls a tool
// with no name and broken arguments, then runs a shell command, leaves both
// in the stored session: the first as an error, the second as the command
// that ran.
func TestInvalidCallIsRecordedAndRecordingGoesOn(t *testing.T) {
	ctx := context.Background()
	replies := []string{
		openAICall("call_bad", "", "{oops"),
		openAICall("call_sh", "shell", `{"command":"echo recorded > marker.txt"}`),
		"data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"done\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n",
	}
	var mu sync.Mutex
	var bodies []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		n := len(bodies)
		bodies = append(bodies, string(b))
		mu.Unlock()
		if n >= len(replies) {
			http.Error(w, "too many calls", 500)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, replies[n])
	}))
	defer srv.Close()

	ws := t.TempDir()
	tl, err := tools.Builtin(tools.Config{Workspace: ws, Approve: tools.ApproveAll})
	if err != nil {
		t.Fatal(err)
	}
	agent, err := loop.New(loop.Config{Client: openai.New(openai.Config{BaseURL: srv.URL + "/v1"}), Model: "m", Tools: tl})
	if err != nil {
		t.Fatal(err)
	}
	st, id := openStore(t)
	rec, err := Begin(ctx, st, id, "openai", "m", "make a marker")
	if err != nil {
		t.Fatal(err)
	}
	res := agent.Run(ctx, nil, "make a marker", func(e loop.Event) { rec.Event(ctx, e) })
	if res.Err != nil || res.Text != "done" {
		t.Fatalf("turn: %q, %v", res.Text, res.Err)
	}
	if rec.Err() != nil {
		t.Fatalf("recording failed: %v", rec.Err())
	}
	if b, err := os.ReadFile(filepath.Join(ws, "marker.txt")); err != nil || strings.TrimSpace(string(b)) != "recorded" {
		t.Fatalf("the shell command did not run: %q, %v", b, err)
	}
	if len(bodies) != 3 || !strings.Contains(bodies[1], "no valid tool name") {
		t.Fatalf("the model was not told its call was invalid; second request: %.400s", bodies[min(1, len(bodies)-1)])
	}

	tr, err := st.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var calls []session.ToolCall
	for _, m := range tr.Messages {
		calls = append(calls, m.ToolCalls...)
	}
	if len(calls) != 2 {
		t.Fatalf("stored %d tool calls, want the invalid one and the shell command: %+v", len(calls), calls)
	}
	bad, sh := calls[0], calls[1]
	if bad.Status != session.ToolError || bad.Name == "" || !strings.Contains(bad.Output, "no valid tool name") || !strings.Contains(bad.Output, "{oops") {
		t.Errorf("invalid call stored as %+v", bad)
	}
	if sh.Name != "shell" || sh.Status != session.ToolOK || !strings.Contains(sh.Args, "echo recorded") {
		t.Errorf("shell call stored as %+v", sh)
	}
	// The history rebuilt from the store is one a provider accepts: every
	// call has a name and its own id.
	h, err := History(tr)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, m := range h {
		for _, c := range m.ToolCalls {
			if c.Name == "" || c.ID == "" || seen[c.ID] || !json.Valid(c.Args) {
				t.Errorf("history holds an unsendable call %+v", c)
			}
			seen[c.ID] = true
		}
	}
}

// TestRecordingGoesOnAfterARefusedEvent: events the store refuses (a call
// without a name reaching the recorder, a result for a call never started)
// are kept as the error, and every later call is still stored.
func TestRecordingGoesOnAfterARefusedEvent(t *testing.T) {
	ctx := context.Background()
	st, id := openStore(t)
	r, err := Begin(ctx, st, id, "openai", "m", "go")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []loop.Event{
		loop.ToolCallStarted{ID: "c1", Name: "", Args: json.RawMessage(`{}`)},
		loop.ToolCallFinished{ID: "c1", Status: tool.StatusFailed, Output: "Error: no name"},
		loop.ToolCallFinished{ID: "never-started", Status: tool.StatusFailed, Output: "lost"},
		loop.ToolCallStarted{ID: "c2", Name: "shell", Args: json.RawMessage(`{"command":"ls"}`)},
		loop.ToolCallFinished{ID: "c2", Name: "shell", Status: tool.StatusSucceeded, Output: "a.go"},
		loop.TextDelta{Text: "listed"},
		loop.TurnDone{Text: "listed", Iterations: 2},
	} {
		r.Event(ctx, e)
	}
	if r.Err() == nil {
		t.Error("the refused result left no error")
	}
	tr, err := st.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	text := ""
	for _, m := range tr.Messages {
		for _, c := range m.ToolCalls {
			names = append(names, c.Name+":"+string(c.Status))
		}
		if m.Role == session.RoleAssistant {
			text += m.Text
		}
	}
	if got := strings.Join(names, ","); got != unnamedTool+":error,shell:ok" || text != "listed" {
		t.Fatalf("stored calls %q and text %q", got, text)
	}
}
