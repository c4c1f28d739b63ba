package cli

import (
	"fmt"

	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
)

// todoMarks show a todo item's status in the readable output.
var todoMarks = map[tools.TodoStatus]string{tools.TodoDone: "[x]", tools.TodoInProgress: "[~]"}

// todoChanged reports whether e is a todo call that changed the list.
func todoChanged(e loop.Event) bool {
	f, ok := e.(loop.ToolCallFinished)
	return ok && f.Name == "todo" && f.Status == tool.StatusSucceeded
}

// todoList prints the conversation's todo list as it stands: a todos event,
// or the checklist under the row that changed it.
func (p *runPrinter) todoList() {
	if p.todos == nil {
		return
	}
	items := p.todos()
	if p.json {
		out := make([]map[string]string, len(items))
		for i, it := range items {
			out[i] = map[string]string{"content": p.red.String(it.Content), "status": string(it.Status)}
		}
		p.line(map[string]any{"type": "todos", "items": out})
		return
	}
	p.endRow()
	for _, it := range items {
		mark := todoMarks[it.Status]
		if mark == "" {
			mark = "[ ]"
		}
		fmt.Fprintf(p.env.Stdout, "  %s %s\n", mark, p.shown(it.Content))
	}
}
