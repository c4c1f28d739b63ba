package conversation

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/settings"
)

// bodyRecorder is a scripted provider that also keeps every request body, so a
// test can see the system prompt and tools the model was given.
type bodyRecorder struct {
	script
	mu     sync.Mutex
	bodies []map[string]any
}

func (r *bodyRecorder) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if req.Method == http.MethodPost && strings.HasSuffix(req.URL.Path, "/chat/completions") {
		var body map[string]any
		_ = json.NewDecoder(req.Body).Decode(&body)
		r.mu.Lock()
		r.bodies = append(r.bodies, body)
		r.mu.Unlock()
	}
	r.script.ServeHTTP(w, req)
}

// system and toolNames read request i's system prompt and offered tools.
func (r *bodyRecorder) system(i int) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, m := range r.bodies[i]["messages"].([]any) {
		if mm := m.(map[string]any); mm["role"] == "system" {
			s, _ := mm["content"].(string)
			return s
		}
	}
	return ""
}

func (r *bodyRecorder) toolNames(i int) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	ts, _ := r.bodies[i]["tools"].([]any)
	for _, t := range ts {
		out = append(out, t.(map[string]any)["function"].(map[string]any)["name"].(string))
	}
	return out
}

// calls is one response making several tool calls.
func calls(cs ...[3]string) string {
	var deltas []string
	for i, c := range cs {
		a, _ := json.Marshal(c[2])
		deltas = append(deltas, fmt.Sprintf(`{"index":%d,"id":%q,"type":"function","function":{"name":%q,"arguments":%s}}`, i, c[0], c[1], a))
	}
	return strings.Join([]string{
		`{"choices":[{"index":0,"delta":{"tool_calls":[` + strings.Join(deltas, ",") + `]}}]}`,
		`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`, "[DONE]"}, "\n")
}

// treeDigest is a digest of every file's path, mode and bytes under dir.
func treeDigest(t *testing.T, dir string) string {
	t.Helper()
	h := sha256.New()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, _ := d.Info()
		fmt.Fprintf(h, "%s %v\n", p, info.Mode())
		if d.Type().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			h.Write(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

func newRecordedConversation(t *testing.T, replies ...string) (*Conversation, *events, *bodyRecorder, string) {
	t.Helper()
	c, ev, _, ws := newConversation(t)
	rec := &bodyRecorder{script: script{replies: replies}}
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)
	st := c.cfg.Settings()
	st.Custom = []settings.CustomEndpoint{{Name: "script", BaseURL: srv.URL + "/v1"}}
	st.ApprovalMode = "ask"
	c.cfg.Settings = func() settings.Settings { return st }
	return c, ev, rec, ws
}

func (e *events) inTurn(turnID string) []Event {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []Event
	for _, ev := range e.list {
		b, _ := json.Marshal(ev)
		var h Header
		_ = json.Unmarshal(b, &h)
		if h.TurnID == turnID {
			out = append(out, ev)
		}
	}
	return out
}

// In plan mode writes, edits, deleting, redirecting and committing are all
// refused and leave the disk as it was, reads work, propose_plan becomes a
// plan event, and approving it continues in the chosen mode with the plan
// as the instruction and its steps as the todo list.
func TestPlanModeRefusesChangesAndApprovalContinues(t *testing.T) {
	plan := "## Steps\n1. Change a.txt to say planned\n2. Say what changed\n\n## Files\n- a.txt\n\n## Risks\n- none"
	c, ev, rec, ws := newRecordedConversation(t,
		call("r1", "read_file", `{"path":"a.txt"}`),
		calls([3]string{"w1", "write_file", `{"path":"b.txt","content":"new\n"}`},
			[3]string{"w2", "edit_file", `{"path":"a.txt","edits":[{"search":"original","replace":"changed"}]}`},
			[3]string{"w3", "shell", `{"command":"rm a.txt"}`},
			[3]string{"w4", "shell", `{"command":"echo x > f"}`},
			[3]string{"w5", "shell", `{"command":"git commit -am x"}`},
			[3]string{"r2", "shell", `{"command":"ls"}`}),
		call("p1", "propose_plan", mustJSON(t, map[string]string{"plan": plan})),
		text("Plan proposed."),
		call("e1", "write_file", `{"path":"a.txt","content":"planned\n"}`),
		text("Done."))
	if err := os.WriteFile(filepath.Join(ws, "a.txt"), []byte("original\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := treeDigest(t, ws)
	if err := c.SetMode("bogus"); err == nil {
		t.Fatal("SetMode accepted an unknown mode")
	}
	if err := c.SetMode(ModePlan); err != nil {
		t.Fatal(err)
	}
	id, _, err := c.Send("plan the change")
	if err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id)
	waitIdle(t, c)
	if after := treeDigest(t, ws); after != before {
		t.Fatal("plan mode changed the workspace")
	}
	status := map[string]string{}
	var got *Plan
	for _, e := range ev.inTurn(id) {
		switch e := e.(type) {
		case *ToolFinished:
			status[e.CallID] = e.Status
			if strings.HasPrefix(e.CallID, "w") && !strings.Contains(e.Output, "plan mode is on") {
				t.Errorf("%s refusal does not say it is planning: %s", e.CallID, e.Output)
			}
		case *Plan:
			got = e
		}
	}
	for _, id := range []string{"w1", "w2", "w3", "w4", "w5"} {
		if status[id] != "denied" {
			t.Errorf("%s finished %q in plan mode, want denied", id, status[id])
		}
	}
	for _, id := range []string{"r1", "r2", "p1"} {
		if status[id] != "succeeded" {
			t.Errorf("%s finished %q, want succeeded", id, status[id])
		}
	}
	if got == nil || got.Markdown != plan || got.CallID != "p1" {
		t.Fatalf("plan event = %+v", got)
	}
	if !strings.Contains(rec.system(0), "# Plan mode") || !contains(rec.toolNames(0), "propose_plan") {
		t.Fatalf("the model was not told it is planning: tools %v", rec.toolNames(0))
	}
	if c.PendingPlan() != plan {
		t.Fatalf("pending plan %q", c.PendingPlan())
	}

	instruction, err := c.ApprovePlan(ModeEdits)
	if err != nil {
		t.Fatal(err)
	}
	if c.Mode() != ModeEdits || c.PendingPlan() != "" || !strings.Contains(instruction, plan) {
		t.Fatalf("after approval mode %q, pending %q", c.Mode(), c.PendingPlan())
	}
	items := c.todos.Items()
	if len(items) != 2 || items[0].Content != "Change a.txt to say planned" || items[0].Status != "pending" {
		t.Fatalf("todo list from the plan = %+v", items)
	}
	id, _, err = c.Send(instruction)
	if err != nil {
		t.Fatal(err)
	}
	if d := ev.waitDone(t, id); d.Text != "Done." {
		t.Fatalf("execution turn ended %+v", d)
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "a.txt")); string(b) != "planned\n" {
		t.Fatalf("a.txt = %q after the approved plan ran (edits auto-accepted)", b)
	}
	last := len(rec.bodies) - 1
	if strings.Contains(rec.system(last), "# Plan mode") || contains(rec.toolNames(last), "propose_plan") {
		t.Error("the approved turn still plans")
	}
	if _, err := c.ApprovePlan(ModeEdits); err == nil {
		t.Error("a plan was approved twice")
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
