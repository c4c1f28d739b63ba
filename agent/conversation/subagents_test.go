package conversation

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// request is what the scripted provider was sent, read back.
type request struct {
	model  string
	system string
	tools  []string
	msgs   []map[string]any
}

// router is a scripted provider that answers by who is asking (the system
// prompt's first words) and how far that conversation has got, since
// subagents running together reach it in no fixed order.
type router struct {
	mu     sync.Mutex
	seen   []request
	arrive chan string // the first line of each request's system prompt
	answer func(ctx context.Context, r request) string
}

func (rt *router) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if req.Method != http.MethodPost || !strings.HasSuffix(req.URL.Path, "/chat/completions") {
		http.NotFound(w, req)
		return
	}
	var body struct {
		Model    string           `json:"model"`
		Messages []map[string]any `json:"messages"`
		Tools    []struct {
			Function struct{ Name string } `json:"function"`
		} `json:"tools"`
	}
	_ = json.NewDecoder(req.Body).Decode(&body)
	r := request{model: body.Model, msgs: body.Messages}
	for _, m := range body.Messages {
		if m["role"] == "system" {
			r.system, _ = m["content"].(string)
		}
	}
	for _, t := range body.Tools {
		r.tools = append(r.tools, t.Function.Name)
	}
	rt.mu.Lock()
	rt.seen = append(rt.seen, r)
	rt.mu.Unlock()
	first, _, _ := strings.Cut(r.system, ",")
	select {
	case rt.arrive <- first:
	default:
	}
	reply := rt.answer(req.Context(), r)
	w.Header().Set("Content-Type", "text/event-stream")
	for _, line := range strings.Split(reply, "\n") {
		fmt.Fprintf(w, "data: %s\n\n", line)
		w.(http.Flusher).Flush()
	}
}

// who says which agent sent r.
func who(r request) string {
	switch {
	case strings.HasPrefix(r.system, "You are explore,"):
		return "explore"
	case strings.HasPrefix(r.system, "You are general,"):
		return "general"
	}
	return "main"
}

// toolResults counts the tool results in a conversation.
func toolResults(r request) []string {
	var out []string
	for _, m := range r.msgs {
		if m["role"] == "tool" {
			s, _ := m["content"].(string)
			out = append(out, s)
		}
	}
	return out
}

func taskCall(id, agent, prompt string) [3]string {
	b, _ := json.Marshal(map[string]string{"agent": agent, "description": agent + " task", "prompt": prompt})
	return [3]string{id, "task", string(b)}
}

func newRoutedConversation(t *testing.T, approval string, fast string, answer func(ctx context.Context, r request) string) (*Conversation, *events, *router, string) {
	t.Helper()
	c, ev, _, ws := newConversation(t)
	rt := &router{answer: answer, arrive: make(chan string, 16)}
	srv := httptest.NewServer(rt)
	t.Cleanup(srv.Close)
	st := c.cfg.Settings()
	st.Custom = []settings.CustomEndpoint{{Name: "script", BaseURL: srv.URL + "/v1", FastModel: fast}}
	st.ApprovalMode = approval
	c.cfg.Settings = func() settings.Settings { return st }
	c.cfg.Home = t.TempDir()
	return c, ev, rt, ws
}

// Two task calls in one response run as two separate conversations at the
// same time, each with its own system prompt and tools (explore has no
// writing tool); their answers come back in call order, the files the
// general agent wrote are listed, and undo of the turn removes them.
func TestTwoTasksRunAsSeparateConversations(t *testing.T) {
	generalAsked := make(chan struct{})
	var once sync.Once
	c, ev, rt, ws := newRoutedConversation(t, "auto", "fast-model", func(ctx context.Context, r request) string {
		switch who(r) {
		case "explore":
			select { // answer only once general runs too: the two are concurrent
			case <-generalAsked:
			case <-time.After(5 * time.Second):
				return text("general never started while explore ran")
			}
			return strings.Replace(text("Found it at a.go:3."), "[DONE]",
				`{"choices":[],"usage":{"prompt_tokens":300,"completion_tokens":20}}`+"\n[DONE]", 1)
		case "general":
			once.Do(func() { close(generalAsked) })
			if len(toolResults(r)) == 0 {
				return call("g1", "write_file", `{"path":"notes.txt","content":"notes\n"}`)
			}
			return text("Wrote notes.txt.")
		}
		if len(toolResults(r)) == 0 {
			return calls(taskCall("t1", "explore", "Find where x is defined."), taskCall("t2", "general", "Write notes.txt."))
		}
		return text("All done.")
	})
	id, _, err := c.Send("look and write")
	if err != nil {
		t.Fatal(err)
	}
	d := ev.waitDone(t, id)
	if d.Text != "All done." {
		t.Fatalf("done = %+v", d)
	}
	if d.SubagentUsage == nil || d.SubagentUsage.InputTokens != 300 || d.SubagentUsage.OutputTokens != 20 || d.Usage.InputTokens < 300 {
		t.Errorf("the subagents' tokens did not roll up into the turn: usage %+v, subagents %+v", d.Usage, d.SubagentUsage)
	}
	waitIdle(t, c)
	rt.mu.Lock()
	seen := append([]request(nil), rt.seen...)
	rt.mu.Unlock()
	var explore, general, last *request
	for i := range seen {
		switch who(seen[i]) {
		case "explore":
			explore = &seen[i]
		case "general":
			general = &seen[i]
		default:
			last = &seen[i]
		}
	}
	if explore == nil || general == nil {
		t.Fatalf("the provider saw no separate subagent conversations: %d requests", len(seen))
	}
	for _, w := range []string{"write_file", "edit_file", "shell", "task", "todo"} {
		if slices.Contains(explore.tools, w) {
			t.Errorf("explore was offered %s: %v", w, explore.tools)
		}
	}
	if !slices.Contains(explore.tools, "grep") || !slices.Contains(general.tools, "write_file") || slices.Contains(general.tools, "task") {
		t.Errorf("tools: explore %v, general %v", explore.tools, general.tools)
	}
	if explore.model != "fast-model" || general.model != "scripted-model" || last.model != "scripted-model" {
		t.Errorf("models: explore %s (the fast model), general %s, main %s", explore.model, general.model, last.model)
	}
	if explore.msgs[1]["content"] != "Find where x is defined." || len(explore.msgs) != 2 {
		t.Errorf("explore's context is not fresh: %v", explore.msgs)
	}
	res := toolResults(*last)
	if len(res) != 2 || !strings.Contains(res[0], "Found it at a.go:3.") ||
		!strings.Contains(res[1], "Wrote notes.txt.") || !strings.Contains(res[1], "[files changed by the subagent: notes.txt]") {
		t.Fatalf("task results in the main conversation: %q", res)
	}
	steps := map[string][]string{}
	for _, e := range ev.inTurn(id) {
		if s, ok := e.(*SubagentStep); ok {
			steps[s.CallID] = append(steps[s.CallID], s.Agent+":"+s.Step)
		}
	}
	if !slices.Contains(steps["t1"], "explore:done") || !slices.Contains(steps["t2"], "general:tool_finished") {
		t.Errorf("subagent steps %v", steps)
	}
	tr, err := c.sessions().Load(context.Background(), c.SessionID())
	if err != nil {
		t.Fatal(err)
	}
	stored := map[string]*session.SubagentRun{}
	for _, m := range tr.Messages {
		for _, tc := range m.ToolCalls {
			stored[tc.CallID] = tc.Subagent
		}
	}
	if s := stored["t2"]; s == nil || s.Agent != "general" || len(s.Steps) != 2 || s.Steps[0].Name != "write_file" ||
		s.Steps[0].Status != session.ToolOK || s.Steps[1].Text != "Wrote notes.txt." {
		t.Errorf("stored sub-transcript of t2: %+v", s)
	}
	if s := stored["t1"]; s == nil || s.Agent != "explore" || len(s.Steps) != 1 || s.Steps[0].Text != "Found it at a.go:3." ||
		s.InputTokens != 300 || s.OutputTokens != 20 {
		t.Errorf("stored sub-transcript of t1 (with the tokens its response used): %+v", s)
	}
	if _, err := c.UndoTurn(context.Background(), id, false); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(ws, "notes.txt")); !os.IsNotExist(err) {
		t.Error("undo of the turn left the file the subagent wrote")
	}
}

// A call denied inside a subagent ends it, and the main agent receives
// that as the task's failure; the approval said which subagent asked.
func TestDenialInSubagentFailsTheTask(t *testing.T) {
	c, ev, rt, ws := newRoutedConversation(t, "ask", "", func(ctx context.Context, r request) string {
		switch who(r) {
		case "general":
			if len(toolResults(r)) == 0 {
				return call("g1", "write_file", `{"path":"x.txt","content":"x\n"}`)
			}
			return text("should not get here")
		}
		if len(toolResults(r)) == 0 {
			return calls(taskCall("t1", "general", "Write x.txt."))
		}
		return text("The subagent failed.")
	})
	id, _, err := c.Send("delegate")
	if err != nil {
		t.Fatal(err)
	}
	var req *ApprovalRequested
	eventually.True(t, "the subagent's approval request", func() bool {
		for _, e := range ev.inTurn(id) {
			if a, ok := e.(*ApprovalRequested); ok {
				req = a
			}
		}
		return req != nil
	})
	if req.Agent != "general" {
		t.Fatalf("approval request %+v, want one labelled general", req)
	}
	if err := c.Approve(req.RequestID, "deny", "not now"); err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id)
	var task *ToolFinished
	for _, e := range ev.inTurn(id) {
		if f, ok := e.(*ToolFinished); ok && f.CallID == "t1" {
			task = f
		}
	}
	if task == nil || task.Status != "failed" || !strings.Contains(task.Output, "subagent general failed") || !strings.Contains(task.Output, "not now") {
		t.Fatalf("task finished %+v", task)
	}
	rt.mu.Lock()
	defer rt.mu.Unlock()
	for _, r := range rt.seen {
		if who(r) == "general" && len(toolResults(r)) > 0 {
			t.Error("the subagent went on after the denial")
		}
	}
	if _, err := os.Stat(filepath.Join(ws, "x.txt")); !os.IsNotExist(err) {
		t.Error("the denied write happened")
	}
}

// Stop while a subagent waits on the model ends the subagent and the main
// turn at once: Stop cancels the subagent's request rather than waiting for
// a model that may never answer.
func TestStopDuringSubagentEndsBoth(t *testing.T) {
	c, ev, rt, _ := newRoutedConversation(t, "auto", "", func(ctx context.Context, r request) string {
		if who(r) == "explore" {
			<-ctx.Done() // the model never answers
			return text("late")
		}
		return calls(taskCall("t1", "explore", "Search everything."))
	})
	id, _, err := c.Send("explore")
	if err != nil {
		t.Fatal(err)
	}
	for first := ""; first != "You are explore"; {
		select {
		case first = <-rt.arrive:
		case <-time.After(10 * time.Second):
			t.Fatal("the subagent never called the model")
		}
	}
	start := time.Now()
	c.Stop()
	d := ev.waitDone(t, id)
	if took := time.Since(start); took > 200*time.Millisecond || !d.Stopped {
		t.Fatalf("stopped after %s, done %+v", took, d)
	}
	var task *ToolFinished
	for _, e := range ev.inTurn(id) {
		if f, ok := e.(*ToolFinished); ok && f.CallID == "t1" {
			task = f
		}
	}
	if task == nil || task.Status != "canceled" {
		t.Fatalf("task call %+v", task)
	}
}

// Undo of a turn puts back, byte for byte, a file a subagent overwrote and
// removes one it created.
func TestUndoRestoresWhatASubagentWrote(t *testing.T) {
	c, ev, _, ws := newRoutedConversation(t, "auto", "", func(ctx context.Context, r request) string {
		if who(r) == "general" {
			switch len(toolResults(r)) {
			case 0: // a file is read before it is overwritten
				return call("g0", "read_file", `{"path":"a.txt"}`)
			case 1:
				return calls([3]string{"g1", "write_file", `{"path":"a.txt","content":"changed\n"}`},
					[3]string{"g2", "write_file", `{"path":"b.txt","content":"new\n"}`})
			default:
				return text("Changed a.txt, wrote b.txt.")
			}
		}
		if len(toolResults(r)) == 0 {
			return calls(taskCall("t1", "general", "Change a.txt and write b.txt."))
		}
		return text("Delegated.")
	})
	original := []byte("original\r\nkept byte for byte\n")
	if err := os.WriteFile(filepath.Join(ws, "a.txt"), original, 0o644); err != nil {
		t.Fatal(err)
	}
	id, _, err := c.Send("delegate the change")
	if err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id)
	waitIdle(t, c)
	if b, _ := os.ReadFile(filepath.Join(ws, "a.txt")); string(b) != "changed\n" {
		for _, e := range ev.inTurn(id) {
			if s, ok := e.(*SubagentStep); ok {
				t.Logf("%s %s %s %s", s.Step, s.Name, s.Status, s.Output+s.Text)
			}
		}
		t.Fatalf("the subagent did not write a.txt: %q", b)
	}
	if _, err := c.UndoTurn(context.Background(), id, false); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "a.txt")); string(b) != string(original) {
		t.Errorf("a.txt after undo = %q, want %q", b, original)
	}
	if _, err := os.Stat(filepath.Join(ws, "b.txt")); !os.IsNotExist(err) {
		t.Error("undo left b.txt, which the subagent created")
	}
}
