package acp

import (
	"encoding/json"
	"sort"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
)

// Replay is a stored conversation as the updates session/load sends: the
// person's prompts, the answers with their reasoning, each tool call as it
// ended, and the todo list last.
func Replay(t *session.Transcript, dir string) []sdk.SessionUpdate {
	tr := &Translator{Dir: dir, ReadFile: func(string) (string, bool) { return "", false }}
	var out []sdk.SessionUpdate
	for _, m := range t.Messages {
		switch m.Role {
		case session.RoleUser:
			if m.Origin != "" { // a hook's continuation, not the person's words
				continue
			}
			text := m.Typed
			if text == "" {
				text = m.Text
			}
			out = append(out, sdk.UpdateUserMessageText(text))
		case session.RoleAssistant:
			out = append(out, replayAssistant(tr, m)...)
		}
	}
	if len(t.Session.Todos) > 0 {
		items := make([]conversation.TodoItem, len(t.Session.Todos))
		for i, td := range t.Session.Todos {
			items[i] = conversation.TodoItem{Content: td.Content, Status: td.Status}
		}
		out = append(out, PlanUpdate(items))
	}
	return out
}

// replayAssistant is one stored response: its reasoning, then its text
// with each tool call where it was made.
func replayAssistant(tr *Translator, m session.Message) []sdk.SessionUpdate {
	var out []sdk.SessionUpdate
	if m.Reasoning != "" {
		out = append(out, sdk.UpdateAgentThoughtText(m.Reasoning))
	}
	calls := append([]session.ToolCall(nil), m.ToolCalls...)
	sort.SliceStable(calls, func(i, j int) bool { return calls[i].TextOffset < calls[j].TextOffset })
	at := 0
	text := func(to int) {
		to = min(max(to, at), len(m.Text))
		if to > at {
			out = append(out, sdk.UpdateAgentMessageText(m.Text[at:to]))
			at = to
		}
	}
	for _, c := range calls {
		text(c.TextOffset)
		var args any
		_ = json.Unmarshal([]byte(c.Args), &args)
		st := storedStatus(c.Status)
		out = append(out,
			tr.started(&conversation.ToolStarted{CallID: c.CallID, Name: c.Name, Args: args}),
			tr.finished(&conversation.ToolFinished{CallID: c.CallID, Name: c.Name, Status: string(st), Output: c.Output,
				Summary: tools.Summarize(tools.Finished{Name: c.Name, Args: json.RawMessage(c.Args), Status: st, Output: c.Output})}))
	}
	text(len(m.Text))
	return out
}

func storedStatus(s session.ToolStatus) tool.Status {
	switch s {
	case session.ToolOK:
		return tool.StatusSucceeded
	case session.ToolDenied:
		return tool.StatusDenied
	case session.ToolInterrupted, session.ToolRunning:
		return tool.StatusCanceled
	}
	return tool.StatusFailed
}
