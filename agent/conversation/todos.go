package conversation

import (
	"context"
	"fmt"
	"time"

	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/tools"
)

// Todos is the conversation's todo list as it stands.
func (c *Conversation) Todos() []tools.TodoItem {
	c.mu.Lock()
	l := c.todos
	c.mu.Unlock()
	if l == nil {
		return nil
	}
	return l.Items()
}

// watchTodosLocked sends every change of the todo list to the running
// turn's stream and stores it with the session.
func (c *Conversation) watchTodosLocked() {
	l := c.todos
	l.OnChange(func(items []tools.TodoItem) { c.todosChanged(l, items) })
}

func (c *Conversation) todosChanged(l *tools.TodoList, items []tools.TodoItem) {
	c.mu.Lock()
	if l != c.todos { // a list the conversation has since replaced
		c.mu.Unlock()
		return
	}
	stream, id := c.stream, c.sessionID
	if !c.running {
		stream = nil
	}
	c.todosUnsent = stream == nil
	c.mu.Unlock()
	if stream != nil {
		stream.send(todosEvent(items, stream.red.String))
	}
	stored := make([]session.Todo, len(items))
	for i, it := range items {
		stored[i] = session.Todo{Content: it.Content, Status: string(it.Status)}
	}
	if err := c.saveState(id, func(ctx context.Context, s *session.Store) error { return s.SetTodos(ctx, id, stored) }); err != nil {
		c.sink.Notice(fmt.Errorf("the todo list was not saved: %w", err))
	}
}

// sendUnsentTodos starts a turn with the todo list when it changed while
// no turn ran, so the front-end shows an approved plan's steps.
func (c *Conversation) sendUnsentTodos(s *turnStream) {
	c.mu.Lock()
	unsent, l := c.todosUnsent, c.todos
	c.todosUnsent = false
	c.mu.Unlock()
	if unsent && l != nil {
		s.send(todosEvent(l.Items(), s.red.String))
	}
}

// stageTodos starts the turn with the todo list when it changed while no
// turn ran.
func stageTodos(_ context.Context, p *prep) error {
	p.c.sendUnsentTodos(p.t.stream)
	return nil
}

func todosEvent(items []tools.TodoItem, r func(string) string) *Todos {
	out := make([]TodoItem, len(items))
	for i, it := range items {
		out[i] = TodoItem{Content: r(it.Content), Status: string(it.Status)}
	}
	return &Todos{Items: out}
}

// restoreTodosLocked gives a reopened conversation the todo list it had.
func (c *Conversation) restoreTodosLocked(stored []session.Todo) {
	items := make([]tools.TodoItem, len(stored))
	for i, t := range stored {
		items[i] = tools.TodoItem{Content: t.Content, Status: tools.TodoStatus(t.Status)}
	}
	c.todos.Restore(items)
}

// saveMode stores the conversation's mode with its session, when it has one.
func (c *Conversation) saveMode() {
	c.mu.Lock()
	id, mode := c.sessionID, c.choice.Mode
	c.mu.Unlock()
	if err := c.saveState(id, func(ctx context.Context, s *session.Store) error { return s.SetMode(ctx, id, mode) }); err != nil {
		c.sink.Notice(fmt.Errorf("the conversation's mode was not saved: %w", err))
	}
}

// saveState runs one small write to session id's row, bounded so a busy
// database cannot hold up the mode switch or a tool call; there is nothing
// to write before the conversation is stored.
func (c *Conversation) saveState(id string, write func(context.Context, *session.Store) error) error {
	store := c.sessions()
	if id == "" || store == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return write(ctx, store)
}
