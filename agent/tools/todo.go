package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/hearth-agent/hearth/agent/tool"
)

// TodoStatus is the state of one checklist item.
type TodoStatus string

const (
	TodoPending    TodoStatus = "pending"
	TodoInProgress TodoStatus = "in_progress"
	TodoDone       TodoStatus = "completed"
)

// TodoItem is one step of the agent's plan.
type TodoItem struct {
	Content string     `json:"content"`
	Status  TodoStatus `json:"status"`
}

// TodoList is the agent's plan, shared with the UI. The zero value is ready.
type TodoList struct {
	mu       sync.Mutex
	items    []TodoItem
	onChange func([]TodoItem)
}

// Items returns a copy of the checklist.
func (l *TodoList) Items() []TodoItem {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]TodoItem(nil), l.items...)
}

// OnChange installs fn, called (outside the lock) with a copy after every
// update; it must not block.
func (l *TodoList) OnChange(fn func([]TodoItem)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.onChange = fn
}

// Set replaces the checklist and tells OnChange (undoing a turn puts back
// the list it started with).
func (l *TodoList) Set(items []TodoItem) { l.set(items) }

// Restore sets the checklist without telling OnChange: the list a reopened
// conversation had.
func (l *TodoList) Restore(items []TodoItem) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.items = append([]TodoItem(nil), items...)
}

func (l *TodoList) set(items []TodoItem) {
	l.mu.Lock()
	l.items = append([]TodoItem(nil), items...)
	fn := l.onChange
	l.mu.Unlock()
	if fn != nil {
		fn(append([]TodoItem(nil), items...))
	}
}

// TodoParams are todo's arguments.
type TodoParams struct {
	Items []TodoItem `json:"items"`
}

// Todo lets the agent keep its plan as a checklist the user sees.
type Todo struct{ list *TodoList }

var _ tool.Tool = (*Todo)(nil)

const todoDescription = `Keep the user's checklist of a task with three or more steps: send the whole list each time, one step in_progress at a time.`

const todoSchema = `{"type":"object","properties":{"items":{"type":"array","items":{"type":"object","properties":{"content":{"type":"string"},"status":{"enum":["pending","in_progress","completed"]}},"required":["content","status"]}}},"required":["items"]}`

// Definition implements tool.Tool.
func (t *Todo) Definition() tool.Definition { return definition("todo", todoDescription, todoSchema) }

// Run implements tool.Tool.
func (t *Todo) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var p TodoParams
	if err := decode("todo", args, &p); err != nil {
		return "", err
	}
	for i, it := range p.Items {
		if strings.TrimSpace(it.Content) == "" {
			return "", fmt.Errorf("todo: item %d has no content", i+1)
		}
		switch it.Status {
		case TodoPending, TodoInProgress, TodoDone:
		default:
			return "", fmt.Errorf("todo: item %d has status %q (want pending, in_progress or completed)", i+1, it.Status)
		}
	}
	t.list.set(p.Items)
	return renderTodos(p.Items), nil
}

func renderTodos(items []TodoItem) string {
	if len(items) == 0 {
		return "Checklist cleared."
	}
	var b strings.Builder
	done := 0
	for _, it := range items {
		mark := "[ ]"
		switch it.Status {
		case TodoInProgress:
			mark = "[~]"
		case TodoDone:
			mark = "[x]"
			done++
		}
		fmt.Fprintf(&b, "%s %s\n", mark, it.Content)
	}
	fmt.Fprintf(&b, "(%d of %d done)", done, len(items))
	return b.String()
}
