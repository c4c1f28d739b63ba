// Package acp makes a Hearth conversation an Agent Client Protocol agent:
// it translates conversation events into ACP session/update
// notifications, an ACP prompt into a prompt and attachments, approvals
// into session/request_permission, and a turn's end into a stop reason.
// The wire (JSON-RPC over stdio) is github.com/coder/acp-go-sdk's.
package acp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
)

// maxOutput is how much of a call's output (its tail) a tool_call_update
// carries: an editor shows it, the model has already read all of it.
const maxOutput = 32 << 10

// maxOldText is the largest file whose text before a write_file is shown
// as the diff's old side.
const maxOldText = 1 << 20

// Translator turns one session's conversation events into ACP updates.
// It remembers each running call's arguments and output, so it is used
// by one session's events in order.
type Translator struct {
	// Dir is the workspace: tool paths are made absolute against it.
	Dir string
	// ReadFile reads a file's text before a write_file replaces it (the
	// diff's old side); nil reads from disk.
	ReadFile func(path string) (string, bool)

	calls map[string]*call
}

// call is what a running tool call showed so far.
type call struct {
	name   string
	args   map[string]any
	diff   []sdk.ToolCallContent
	output string
	// terminal is the editor's terminal the call runs in, which shows its
	// output live and after the call.
	terminal []sdk.ToolCallContent
}

// Updates is what e shows in the editor: none for events an editor has no
// place for (usage, retries, hooks, the turn's start and end).
func (t *Translator) Updates(e conversation.Event) []sdk.SessionUpdate {
	switch e := e.(type) {
	case *conversation.Text:
		if e.Text == "" {
			return nil
		}
		return []sdk.SessionUpdate{sdk.UpdateAgentMessageText(e.Text)}
	case *conversation.Reasoning:
		if e.Text == "" {
			return nil
		}
		return []sdk.SessionUpdate{sdk.UpdateAgentThoughtText(e.Text)}
	case *conversation.ToolStarted:
		return []sdk.SessionUpdate{t.started(e)}
	case *conversation.ToolProgress:
		return t.progress(e)
	case *conversation.ToolFinished:
		return []sdk.SessionUpdate{t.finished(e)}
	case *conversation.Todos:
		return []sdk.SessionUpdate{PlanUpdate(e.Items)}
	case *conversation.Plan:
		return []sdk.SessionUpdate{sdk.UpdateAgentMessageText(e.Markdown)}
	}
	return nil
}

func (t *Translator) started(e *conversation.ToolStarted) sdk.SessionUpdate {
	args, _ := e.Args.(map[string]any)
	c := &call{name: e.Name, args: args}
	c.diff = t.diff(e.Name, args)
	if t.calls == nil {
		t.calls = map[string]*call{}
	}
	t.calls[e.CallID] = c
	opts := []sdk.ToolCallStartOpt{
		sdk.WithStartKind(Kind(e.Name)),
		sdk.WithStartStatus(sdk.ToolCallStatusInProgress),
	}
	if args != nil {
		opts = append(opts, sdk.WithStartRawInput(args))
	}
	if loc := t.locations(args); loc != nil {
		opts = append(opts, sdk.WithStartLocations(loc))
	}
	if c.diff != nil {
		opts = append(opts, sdk.WithStartContent(c.diff))
	}
	return sdk.StartToolCall(sdk.ToolCallId(e.CallID), Headline(e.Name, e.Args), opts...)
}

// Terminal is the update that shows the editor's terminal term in call
// id; the call's later updates keep showing it instead of its output.
func (t *Translator) Terminal(id, term string) sdk.SessionUpdate {
	content := []sdk.ToolCallContent{sdk.ToolTerminalRef(term)}
	if c := t.calls[id]; c != nil {
		c.terminal = content
	}
	return sdk.UpdateToolCall(sdk.ToolCallId(id), sdk.WithUpdateContent(content))
}

func (t *Translator) progress(e *conversation.ToolProgress) []sdk.SessionUpdate {
	c := t.calls[e.CallID]
	if c == nil || e.Chunk == "" || c.terminal != nil {
		return nil
	}
	c.output = tail(c.output + e.Chunk)
	return []sdk.SessionUpdate{sdk.UpdateToolCall(sdk.ToolCallId(e.CallID),
		sdk.WithUpdateContent([]sdk.ToolCallContent{sdk.ToolContent(sdk.TextBlock(c.output))}))}
}

func (t *Translator) finished(e *conversation.ToolFinished) sdk.SessionUpdate {
	c := t.calls[e.CallID]
	delete(t.calls, e.CallID)
	status := sdk.ToolCallStatusCompleted
	if e.Status != string(tool.StatusSucceeded) {
		status = sdk.ToolCallStatusFailed
	}
	opts := []sdk.ToolCallUpdateOpt{sdk.WithUpdateStatus(status)}
	if e.Summary != "" {
		opts = append(opts, sdk.WithUpdateTitle(e.Summary))
	}
	var content []sdk.ToolCallContent
	if c != nil && status == sdk.ToolCallStatusCompleted {
		content = c.diff // an edit shows what it changed, not its "ok"
	}
	if c != nil && c.terminal != nil {
		content = c.terminal
	}
	if content == nil && e.Output != "" {
		content = []sdk.ToolCallContent{sdk.ToolContent(sdk.TextBlock(tail(e.Output)))}
	}
	if content != nil {
		opts = append(opts, sdk.WithUpdateContent(content))
	}
	return sdk.UpdateToolCall(sdk.ToolCallId(e.CallID), opts...)
}

// diff is an edit tool's change as ACP diff content: write_file's whole
// new text, edit_file's replaced snippets.
func (t *Translator) diff(name string, args map[string]any) []sdk.ToolCallContent {
	path := t.abs(str(args, "path"))
	if path == "" {
		return nil
	}
	switch name {
	case "write_file":
		content, ok := args["content"].(string)
		if !ok {
			return nil
		}
		if old, ok := t.read(path); ok {
			return []sdk.ToolCallContent{sdk.ToolDiffContent(path, content, old)}
		}
		return []sdk.ToolCallContent{sdk.ToolDiffContent(path, content)}
	case "edit_file":
		edits, _ := args["edits"].([]any)
		var out []sdk.ToolCallContent
		for _, x := range edits {
			m, _ := x.(map[string]any)
			search, ok1 := m["search"].(string)
			replace, ok2 := m["replace"].(string)
			if ok1 && ok2 {
				out = append(out, sdk.ToolDiffContent(path, replace, search))
			}
		}
		return out
	}
	return nil
}

func (t *Translator) read(path string) (string, bool) {
	if t.ReadFile != nil {
		return t.ReadFile(path)
	}
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxOldText {
		return "", false
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// locations are the file a file tool works on, absolute.
func (t *Translator) locations(args map[string]any) []sdk.ToolCallLocation {
	if p := t.abs(str(args, "path")); p != "" {
		return []sdk.ToolCallLocation{{Path: p}}
	}
	return nil
}

func (t *Translator) abs(p string) string {
	if p == "" {
		return ""
	}
	if !filepath.IsAbs(p) && t.Dir != "" {
		p = filepath.Join(t.Dir, p)
	}
	return filepath.Clean(p)
}

// Kind is the ACP kind of a Hearth tool, which picks the editor's icon.
func Kind(name string) sdk.ToolKind {
	switch name {
	case "read_file", "list_dir":
		return sdk.ToolKindRead
	case "write_file", "edit_file":
		return sdk.ToolKindEdit
	case "grep", "glob", "search", "lsp", tools.WebSearchName:
		return sdk.ToolKindSearch
	case "diagnostics":
		return sdk.ToolKindRead
	case "shell":
		return sdk.ToolKindExecute
	case "todo", tools.ProposePlanName:
		return sdk.ToolKindThink
	}
	if strings.Contains(name, "fetch") {
		return sdk.ToolKindFetch
	}
	return sdk.ToolKindOther
}

// Headline is a call's one-line title before it has run: its summary's
// verb and object (tools.Summarize words a canceled call as just that).
func Headline(name string, args any) string {
	raw, _ := json.Marshal(args)
	s := tools.Summarize(tools.Finished{Name: name, Args: raw, Status: tool.StatusCanceled})
	return strings.TrimSuffix(s, " · canceled")
}

// PlanUpdate is the todo list as an ACP plan.
func PlanUpdate(items []conversation.TodoItem) sdk.SessionUpdate {
	entries := make([]sdk.PlanEntry, 0, len(items))
	for _, it := range items {
		st := sdk.PlanEntryStatusPending
		switch it.Status {
		case "in_progress":
			st = sdk.PlanEntryStatusInProgress
		case "completed":
			st = sdk.PlanEntryStatusCompleted
		}
		entries = append(entries, sdk.PlanEntry{Content: it.Content, Priority: sdk.PlanEntryPriorityMedium, Status: st})
	}
	return sdk.UpdatePlan(entries...)
}

func str(m map[string]any, k string) string {
	s, _ := m[k].(string)
	return s
}

// tail is the last maxOutput bytes of s, cut at a line start.
func tail(s string) string {
	if len(s) <= maxOutput {
		return s
	}
	s = s[len(s)-maxOutput:]
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return "…\n" + s
}
