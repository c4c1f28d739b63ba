package conversation

import (
	"encoding/json"
	"strings"

	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/tools"
)

// todoMark is a turn's todo list before it ran and, when known, as the
// turn left it (taken when it is undone, or read from a reopened turn's
// stored todo calls).
type todoMark struct {
	before, after []tools.TodoItem
	known         bool // after is known, even if empty
	list          *tools.TodoList
}

// markTodos remembers the todo list as turn id begins.
func (c *Conversation) markTodos(id string, l *tools.TodoList) {
	if l == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.todoMarks == nil {
		c.todoMarks = map[string]*todoMark{}
	}
	c.todoMarks[id] = &todoMark{before: l.Items(), list: l}
}

// keepNewestTodos remembers the list as the newest turn left it, before
// an undo, while that turn is still kept (so the list stands as it left
// it), for a later redo.
func (c *Conversation) keepNewestTodos() {
	c.mu.Lock()
	newest := ""
	if n := len(c.turns); n > 0 {
		newest = c.turns[n-1].id
	}
	c.mu.Unlock()
	if newest == "" || c.turnUndone(newest) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if m := c.todoMarks[newest]; m != nil && m.list == c.todos {
		m.after, m.known = c.todos.Items(), true
	}
}

// moveTodos sets the todo list after an undo or redo to the list as the
// newest kept turn left it: the list the oldest of the undone turns at the
// end began with, or, when the newest turn is kept, the list it left. The
// change is stored and sent like any other. Moving a turn that is no longer
// one of the conversation's (from before a compaction) leaves the list alone.
func (c *Conversation) moveTodos(turnID string) {
	c.mu.Lock()
	ids := make([]string, len(c.turns))
	ours := false
	for i, t := range c.turns {
		ids[i], ours = t.id, ours || t.id == turnID
	}
	c.mu.Unlock()
	if !ours {
		return
	}
	j := len(ids)
	for j > 0 && c.turnUndone(ids[j-1]) {
		j--
	}
	c.mu.Lock()
	list := c.todos
	var items []tools.TodoItem
	ok := false
	if j == len(ids) {
		if m := c.todoMarks[ids[j-1]]; m != nil && m.list == list && m.known {
			items, ok = m.after, true
		}
	} else if m := c.todoMarks[ids[j]]; m != nil && m.list == list {
		items, ok = m.before, true
	}
	c.mu.Unlock()
	if ok {
		list.Set(items) // outside the lock: the change is sent and stored through it
	}
}

// turnUndone says whether every file turn id changed is undone; a turn
// with no snapshots is kept.
func (c *Conversation) turnUndone(id string) bool {
	c.mu.Lock()
	snapshotID := c.undoID(id)
	c.mu.Unlock()
	t, err := c.cfg.Undo.Turn(snapshotID)
	return err == nil && t.Summary().Undone
}

// storedTodoMarksLocked gives each stored turn (by its prompt's id, from
// starts) the todo list it began with and left, replayed from the stored
// todo calls and approved plans, so a reopened turn's undo moves the list
// as a live one's does.
func (c *Conversation) storedTodoMarksLocked(msgs []session.Message, starts map[int64]string) {
	c.todoMarks = map[string]*todoMark{}
	var cur []tools.TodoItem
	var open *todoMark
	for _, m := range msgs {
		if id, ok := starts[m.ID]; ok {
			if plan, ok := strings.CutPrefix(m.Text, planInstruction("")); ok {
				var l tools.TodoList
				l.FromPlan(plan)
				cur = l.Items()
			}
			open = &todoMark{before: cur, list: c.todos}
			c.todoMarks[id] = open
		}
		for _, call := range m.ToolCalls {
			var p tools.TodoParams
			if call.Name == "todo" && call.Status == session.ToolOK && json.Unmarshal([]byte(call.Args), &p) == nil {
				cur = p.Items
			}
		}
		if open != nil {
			open.after, open.known = cur, true
		}
	}
}
