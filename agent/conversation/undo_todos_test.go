//go:build unix

package conversation

import (
	"context"
	"fmt"
	"testing"
)

// Undoing a turn puts the todo list back as it was before the turn, stored
// with the session; redoing it brings back the list it was undone from.
func TestUndoResetsTheTodoList(t *testing.T) {
	c, ev, _, _ := newRecordedConversation(t,
		call("t1", "todo", `{"items":[{"content":"Write a.txt","status":"in_progress"}]}`),
		call("w1", "write_file", `{"path":"a.txt","content":"a\n"}`),
		text("Wrote a."),
		call("t2", "todo", `{"items":[{"content":"Write a.txt","status":"completed"},{"content":"Write b.txt","status":"completed"}]}`),
		call("w2", "write_file", `{"path":"b.txt","content":"b\n"}`),
		text("Wrote b."))
	if err := c.SetMode(ModeAuto); err != nil {
		t.Fatal(err)
	}
	run := func(prompt string) string {
		id, _, err := c.Send(prompt)
		if err != nil {
			t.Fatal(err)
		}
		ev.waitDone(t, id)
		waitIdle(t, c)
		return id
	}
	run("write a")
	second := run("write b")
	list := func() string { return fmt.Sprint(c.Todos()) }
	stored := func() string {
		s, err := c.sessions().Get(context.Background(), c.SessionID())
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(s.Todos)
	}
	after := list()
	if after != "[{Write a.txt completed} {Write b.txt completed}]" {
		t.Fatalf("after the second turn the list is %s", after)
	}
	if _, err := c.UndoTurn(context.Background(), second, false); err != nil {
		t.Fatal(err)
	}
	if got := list(); got != "[{Write a.txt in_progress}]" {
		t.Fatalf("after undo the list is %s, want the first turn's", got)
	}
	if got := stored(); got != "[{Write a.txt in_progress}]" {
		t.Fatalf("after undo the stored list is %s", got)
	}
	if _, err := c.RedoTurn(context.Background(), second, false); err != nil {
		t.Fatal(err)
	}
	if got := list(); got != after {
		t.Fatalf("after redo the list is %s, want %s", got, after)
	}
}
