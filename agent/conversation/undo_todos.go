package conversation

import "github.com/hearth-agent/hearth/agent/tools"

// todoMark is a turn's todo list before it ran and, once undone, as it
// stood when undone (for redo).
type todoMark struct {
	before, undone []tools.TodoItem
	list           *tools.TodoList
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

// moveTodos puts back the list turn id began with when it is undone, and
// the list it was undone from when it is redone; the change is stored and
// sent like any other. A turn of a reopened conversation has no mark and
// leaves the list alone.
func (c *Conversation) moveTodos(id string, undoing bool) {
	c.mu.Lock()
	m := c.todoMarks[id]
	if m == nil || m.list != c.todos {
		c.mu.Unlock()
		return
	}
	items := m.before
	if undoing {
		m.undone = m.list.Items()
	} else {
		items = m.undone
	}
	c.mu.Unlock()
	if undoing || items != nil {
		m.list.Set(items)
	}
}
