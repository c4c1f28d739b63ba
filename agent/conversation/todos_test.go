package conversation

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/hearth-agent/hearth/agent/session"
)

// todoStates reads a todos event as "status:content" pairs.
func todoStates(e *Todos) []string {
	var out []string
	for _, it := range e.Items {
		out = append(out, it.Status+":"+it.Content)
	}
	return out
}

// An approved plan becomes the todo list: the turn carrying it out starts
// by sending its steps, every todo call the model makes is sent as it
// happens, and the list and the mode are stored with the session, so
// reopening the conversation brings both back (and a plan still waiting).
func TestApprovedPlanBecomesTheTodoListAndIsKept(t *testing.T) {
	plan := "## Steps\n1. Write a.txt\n2. Say what changed\n\n## Files\n- a.txt\n\n## Risks\n- none"
	c, ev, _, ws := newRecordedConversation(t,
		call("p1", "propose_plan", mustJSON(t, map[string]string{"plan": plan})),
		text("Plan proposed."),
		call("t1", "todo", `{"items":[{"content":"Write a.txt","status":"in_progress"},{"content":"Say what changed","status":"pending"}]}`),
		call("w1", "write_file", `{"path":"a.txt","content":"planned\n"}`),
		call("t2", "todo", `{"items":[{"content":"Write a.txt","status":"completed"},{"content":"Say what changed","status":"completed"}]}`),
		text("Done."))
	if err := c.SetMode(ModePlan); err != nil {
		t.Fatal(err)
	}
	id, _, err := c.Send("plan it")
	if err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id)
	waitIdle(t, c)
	store, sid := c.sessions(), c.SessionID()
	if s, err := store.Get(context.Background(), sid); err != nil || s.Mode != ModePlan {
		t.Fatalf("stored mode after the plan turn: %+v, %v", s.Mode, err)
	}
	// Reopened, the conversation is still planning and its plan can still
	// be answered.
	if err := c.Clear(); err != nil {
		t.Fatal(err)
	}
	if c.PendingPlan() != "" {
		t.Fatal("a new chat has the old plan pending")
	}
	if _, err := c.Reopen(context.Background(), sid); err != nil {
		t.Fatal(err)
	}
	if c.Mode() != ModePlan || c.PendingPlan() != plan {
		t.Fatalf("reopened: mode %q, pending plan %q", c.Mode(), c.PendingPlan())
	}
	instruction, err := c.ApprovePlan(ModeEdits)
	if err != nil {
		t.Fatal(err)
	}
	id, _, err = c.Send(instruction)
	if err != nil {
		t.Fatal(err)
	}
	if d := ev.waitDone(t, id); d.Text != "Done." {
		t.Fatalf("the plan's turn ended %+v", d)
	}
	waitIdle(t, c)
	var lists [][]string
	var firstTool = -1
	for i, e := range ev.inTurn(id) {
		switch e := e.(type) {
		case *Todos:
			lists = append(lists, todoStates(e))
		case *ToolStarted:
			if firstTool < 0 {
				firstTool = i
				if len(lists) == 0 {
					t.Error("the plan's steps were not sent before the first tool ran")
				}
			}
		}
	}
	want := [][]string{
		{"pending:Write a.txt", "pending:Say what changed"},
		{"in_progress:Write a.txt", "pending:Say what changed"},
		{"completed:Write a.txt", "completed:Say what changed"},
	}
	if !reflect.DeepEqual(lists, want) {
		t.Fatalf("todos events %v, want %v", lists, want)
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "a.txt")); string(b) != "planned\n" {
		t.Fatalf("a.txt = %q", b)
	}
	done := []session.Todo{{Content: "Write a.txt", Status: "completed"}, {Content: "Say what changed", Status: "completed"}}
	s, err := store.Get(context.Background(), sid)
	if err != nil || s.Mode != ModeEdits || !reflect.DeepEqual(s.Todos, done) {
		t.Fatalf("stored: mode %q, todos %+v, %v", s.Mode, s.Todos, err)
	}

	// A new chat keeps the choice; switching it there does not touch the
	// stored conversation, and reopening that brings its mode and list back.
	if err := c.Clear(); err != nil {
		t.Fatal(err)
	}
	if err := c.SetMode(ModeAuto); err != nil {
		t.Fatal(err)
	}
	if len(c.Todos()) != 0 {
		t.Fatalf("a new chat has the old todo list: %+v", c.Todos())
	}
	if _, err := c.Reopen(context.Background(), sid); err != nil {
		t.Fatal(err)
	}
	if c.Mode() != ModeEdits {
		t.Errorf("reopened in mode %q, want %q", c.Mode(), ModeEdits)
	}
	if got := c.Todos(); len(got) != 2 || got[1].Status != "completed" || got[0].Content != "Write a.txt" {
		t.Errorf("reopened todo list %+v", got)
	}
	if err := c.SetMode(ModeAsk); err != nil {
		t.Fatal(err)
	}
	if s, _ := store.Get(context.Background(), sid); s.Mode != ModeAsk {
		t.Errorf("a mode switch in a reopened conversation was not stored: %q", s.Mode)
	}
}
