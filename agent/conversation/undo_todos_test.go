//go:build unix

package conversation

import (
	"context"
	"fmt"
	"testing"

	"github.com/hearth-agent/hearth/agent/session"
)

// Undoing a turn puts the todo list back as it was before the turn, stored
// with the session; redoing it brings back the list it was undone from.
func TestUndoResetsTheTodoList(t *testing.T) {
	c, ids := threeTodoTurns(t)
	moveAndCheck(t, c, []todoStep{
		{"undo the third", ids[2], true, todosAfter2},
		{"redo the third", ids[2], false, todosAfter3},
	})
}

// threeTodoTurns runs three turns, each setting the todo list (to
// todosAfter1, 2 and 3) and writing a file, and returns their ids.
func threeTodoTurns(t *testing.T) (*Conversation, []string) {
	t.Helper()
	c, ev, _, _ := newRecordedConversation(t,
		call("t1", "todo", `{"items":[{"content":"A","status":"in_progress"}]}`),
		call("w1", "write_file", `{"path":"a.txt","content":"a\n"}`),
		text("Wrote a."),
		call("t2", "todo", `{"items":[{"content":"A","status":"completed"},{"content":"B","status":"in_progress"}]}`),
		call("w2", "write_file", `{"path":"b.txt","content":"b\n"}`),
		text("Wrote b."),
		call("t3", "todo", `{"items":[{"content":"A","status":"completed"},{"content":"B","status":"completed"},{"content":"C","status":"completed"}]}`),
		call("w3", "write_file", `{"path":"c.txt","content":"c\n"}`),
		text("Wrote c."))
	if err := c.SetMode(ModeAuto); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, prompt := range []string{"write a", "write b", "write c"} {
		id, _, err := c.Send(prompt)
		if err != nil {
			t.Fatal(err)
		}
		ev.waitDone(t, id)
		waitIdle(t, c)
		ids = append(ids, id)
	}
	return c, ids
}

const (
	todosNone   = "[]"
	todosAfter1 = "[{A in_progress}]"
	todosAfter2 = "[{A completed} {B in_progress}]"
	todosAfter3 = "[{A completed} {B completed} {C completed}]"
)

// moveAndCheck undoes or redoes each turn in order and checks the list
// after each move, in the conversation and as stored.
func moveAndCheck(t *testing.T, c *Conversation, steps []todoStep) {
	t.Helper()
	for _, s := range steps {
		move := c.UndoTurn
		if !s.undo {
			move = c.RedoTurn
		}
		if _, err := move(context.Background(), s.turn, false); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if got := fmt.Sprint(c.Todos()); got != s.want {
			t.Fatalf("%s: the list is %s, want %s", s.name, got, s.want)
		}
		st, err := c.sessions().Get(context.Background(), c.SessionID())
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(st.Todos); got != s.want {
			t.Fatalf("%s: the stored list is %s, want %s", s.name, got, s.want)
		}
	}
}

type todoStep struct {
	name, turn string
	undo       bool
	want       string
}

// After a conversation is reopened its turns' lists come from the stored
// todo calls: undo puts back the list a turn began with, redo the one the
// newest kept turn left.
func TestUndoResetsTheTodoListAfterReopening(t *testing.T) {
	c, _ := threeTodoTurns(t)
	sid := c.SessionID()
	if err := c.Clear(); err != nil {
		t.Fatal(err)
	}
	r, err := c.Reopen(context.Background(), sid)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range r.Transcript.Messages {
		if m.Role == "user" {
			ids = append(ids, fmt.Sprintf("m%d", m.ID))
		}
	}
	if len(ids) != 3 || fmt.Sprint(c.Todos()) != todosAfter3 {
		t.Fatalf("reopened: turns %v, list %v", ids, c.Todos())
	}
	moveAndCheck(t, c, []todoStep{
		{"undo the third", ids[2], true, todosAfter2},
		{"undo the second", ids[1], true, todosAfter1},
		{"redo the second", ids[1], false, todosAfter2},
		{"redo the third", ids[2], false, todosAfter3},
	})
}

// Undoing an earlier turn while later ones are kept leaves the list the
// newest kept turn left; once the later ones are undone too the list is
// the one the oldest undone turn began with.
func TestUndoAnEarlierTurnKeepsTheNewestKeptList(t *testing.T) {
	c, ids := threeTodoTurns(t)
	moveAndCheck(t, c, []todoStep{
		{"undo the first", ids[0], true, todosAfter3},
		{"undo the third", ids[2], true, todosAfter2},
		{"undo the second", ids[1], true, todosNone},
		{"redo the first", ids[0], false, todosAfter1},
		{"redo the second", ids[1], false, todosAfter2},
		{"redo the third", ids[2], false, todosAfter3},
	})
}

// A stored turn that carries out an approved plan began with the plan's
// steps, though no todo call set them.
func TestStoredTodoMarksStartFromAnApprovedPlan(t *testing.T) {
	c, _, _, _ := newConversation(t)
	msgs := []session.Message{
		{ID: 1, Role: session.RoleUser, Text: "plan it"},
		{ID: 2, Role: session.RoleAssistant},
		{ID: 3, Role: session.RoleUser, Text: planInstruction("## Steps\n1. Write a.txt\n2. Say what changed\n")},
		{ID: 4, Role: session.RoleAssistant, ToolCalls: []session.ToolCall{
			{Name: "todo", Status: session.ToolOK, Args: `{"items":[{"content":"Write a.txt","status":"completed"}]}`},
			{Name: "todo", Status: session.ToolError, Args: `{"items":[]}`},
		}},
	}
	c.mu.Lock()
	c.storedTodoMarksLocked(msgs, map[int64]string{1: "m1", 3: "m3"})
	c.mu.Unlock()
	got := fmt.Sprint(c.todoMarks["m1"].before, c.todoMarks["m1"].after, c.todoMarks["m3"].before, c.todoMarks["m3"].after)
	if want := "[] [] [{Write a.txt pending} {Say what changed pending}] [{Write a.txt completed}]"; got != want {
		t.Fatalf("marks = %s, want %s", got, want)
	}
}
