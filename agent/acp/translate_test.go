package acp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/hearth-agent/hearth/agent/conversation"
)

func updateJSON(t *testing.T, us []sdk.SessionUpdate) []string {
	t.Helper()
	out := []string{}
	for _, u := range us {
		b, err := json.Marshal(u)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

func TestACPTranslate(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "old.txt"), []byte("before\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	abs := func(p string) string { return filepath.Join(dir, p) }
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	for _, tc := range []struct {
		name   string
		events []conversation.Event
		want   []string
	}{
		{"text", []conversation.Event{&conversation.Text{Text: "Hello"}},
			[]string{`{"content":{"text":"Hello","type":"text"},"sessionUpdate":"agent_message_chunk"}`}},
		{"empty text shows nothing", []conversation.Event{&conversation.Text{}}, []string{}},
		{"reasoning", []conversation.Event{&conversation.Reasoning{Text: "hm"}},
			[]string{`{"content":{"text":"hm","type":"text"},"sessionUpdate":"agent_thought_chunk"}`}},
		{"a read, started and finished", []conversation.Event{
			&conversation.ToolStarted{CallID: "c1", Name: "read_file", Args: map[string]any{"path": "a.go"}},
			&conversation.ToolFinished{CallID: "c1", Name: "read_file", Status: "succeeded", Output: "package a", Summary: "Read a.go · 1 line"},
		}, []string{
			`{"kind":"read","locations":[{"path":` + q(abs("a.go")) + `}],"rawInput":{"path":"a.go"},"sessionUpdate":"tool_call","status":"in_progress","title":"Read a.go","toolCallId":"c1"}`,
			`{"content":[{"content":{"text":"package a","type":"text"},"type":"content"}],"sessionUpdate":"tool_call_update","status":"completed","title":"Read a.go · 1 line","toolCallId":"c1"}`,
		}},
		{"a write over a file shows its diff", []conversation.Event{
			&conversation.ToolStarted{CallID: "w", Name: "write_file", Args: map[string]any{"path": "old.txt", "content": "after\n"}},
			&conversation.ToolFinished{CallID: "w", Name: "write_file", Status: "succeeded", Output: "ok", Summary: "Wrote old.txt · 1 line"},
		}, []string{
			`{"content":[{"newText":"after\n","oldText":"before\n","path":` + q(abs("old.txt")) + `,"type":"diff"}],"kind":"edit","locations":[{"path":` + q(abs("old.txt")) + `}],"rawInput":{"content":"after\n","path":"old.txt"},"sessionUpdate":"tool_call","status":"in_progress","title":"Wrote old.txt","toolCallId":"w"}`,
			`{"content":[{"newText":"after\n","oldText":"before\n","path":` + q(abs("old.txt")) + `,"type":"diff"}],"sessionUpdate":"tool_call_update","status":"completed","title":"Wrote old.txt · 1 line","toolCallId":"w"}`,
		}},
		{"a new file has no old side", []conversation.Event{
			&conversation.ToolStarted{CallID: "n", Name: "write_file", Args: map[string]any{"path": "/elsewhere/new.txt", "content": "x"}},
		}, []string{
			`{"content":[{"newText":"x","path":"/elsewhere/new.txt","type":"diff"}],"kind":"edit","locations":[{"path":"/elsewhere/new.txt"}],"rawInput":{"content":"x","path":"/elsewhere/new.txt"},"sessionUpdate":"tool_call","status":"in_progress","title":"Wrote /elsewhere/new.txt","toolCallId":"n"}`,
		}},
		{"an edit shows each replaced snippet", []conversation.Event{
			&conversation.ToolStarted{CallID: "e", Name: "edit_file", Args: map[string]any{"path": "a.go",
				"edits": []any{map[string]any{"search": "a", "replace": "b"}, map[string]any{"search": "c", "replace": "d"}}}},
		}, []string{
			`{"content":[{"newText":"b","oldText":"a","path":` + q(abs("a.go")) + `,"type":"diff"},{"newText":"d","oldText":"c","path":` + q(abs("a.go")) + `,"type":"diff"}],"kind":"edit","locations":[{"path":` + q(abs("a.go")) + `}],"rawInput":{"edits":[{"replace":"b","search":"a"},{"replace":"d","search":"c"}],"path":"a.go"},"sessionUpdate":"tool_call","status":"in_progress","title":"Edited a.go","toolCallId":"e"}`,
		}},
		{"a denied write fails with the denial, not the diff", []conversation.Event{
			&conversation.ToolStarted{CallID: "d", Name: "write_file", Args: map[string]any{"path": "/x/y", "content": "z"}},
			&conversation.ToolFinished{CallID: "d", Name: "write_file", Status: "denied", Output: "denied: rejected in the editor", Summary: "Wrote /x/y · denied"},
		}, []string{
			`{"content":[{"newText":"z","path":"/x/y","type":"diff"}],"kind":"edit","locations":[{"path":"/x/y"}],"rawInput":{"content":"z","path":"/x/y"},"sessionUpdate":"tool_call","status":"in_progress","title":"Wrote /x/y","toolCallId":"d"}`,
			`{"content":[{"content":{"text":"denied: rejected in the editor","type":"text"},"type":"content"}],"sessionUpdate":"tool_call_update","status":"failed","title":"Wrote /x/y · denied","toolCallId":"d"}`,
		}},
		{"a command's output streams as it grows", []conversation.Event{
			&conversation.ToolStarted{CallID: "s", Name: "shell", Args: map[string]any{"command": "make"}},
			&conversation.ToolProgress{CallID: "s", Chunk: "a\n"},
			&conversation.ToolProgress{CallID: "s", Chunk: "b\n"},
		}, []string{
			`{"kind":"execute","rawInput":{"command":"make"},"sessionUpdate":"tool_call","status":"in_progress","title":"Ran make","toolCallId":"s"}`,
			`{"content":[{"content":{"text":"a\n","type":"text"},"type":"content"}],"sessionUpdate":"tool_call_update","toolCallId":"s"}`,
			`{"content":[{"content":{"text":"a\nb\n","type":"text"},"type":"content"}],"sessionUpdate":"tool_call_update","toolCallId":"s"}`,
		}},
		{"todos are the plan", []conversation.Event{&conversation.Todos{Items: []conversation.TodoItem{
			{Content: "one", Status: "completed"}, {Content: "two", Status: "in_progress"}, {Content: "three", Status: "pending"}}}},
			[]string{`{"entries":[{"content":"one","priority":"medium","status":"completed"},{"content":"two","priority":"medium","status":"in_progress"},{"content":"three","priority":"medium","status":"pending"}],"sessionUpdate":"plan"}`}},
		{"what an editor has no place for shows nothing", []conversation.Event{
			&conversation.TurnStarted{Prompt: "hi"}, &conversation.UsageReported{}, &conversation.Retry{}, &conversation.Done{},
			&conversation.ToolProgress{CallID: "unknown", Chunk: "x"},
		}, []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := &Translator{Dir: dir}
			var got []sdk.SessionUpdate
			for _, e := range tc.events {
				got = append(got, tr.Updates(e)...)
			}
			gotJSON := updateJSON(t, got)
			if len(gotJSON) != len(tc.want) {
				t.Fatalf("got %d updates, want %d:\n%v", len(gotJSON), len(tc.want), gotJSON)
			}
			for i := range gotJSON {
				if gotJSON[i] != tc.want[i] {
					t.Errorf("update %d:\n got %s\nwant %s", i, gotJSON[i], tc.want[i])
				}
			}
		})
	}
}

func TestACPKind(t *testing.T) {
	for name, want := range map[string]sdk.ToolKind{
		"read_file": sdk.ToolKindRead, "list_dir": sdk.ToolKindRead, "write_file": sdk.ToolKindEdit,
		"edit_file": sdk.ToolKindEdit, "grep": sdk.ToolKindSearch, "search": sdk.ToolKindSearch,
		"shell": sdk.ToolKindExecute, "todo": sdk.ToolKindThink, "mcp__web__fetch": sdk.ToolKindFetch,
		"mcp__db__query": sdk.ToolKindOther, "web_fetch": sdk.ToolKindFetch, "web_search": sdk.ToolKindSearch,
	} {
		if got := Kind(name); got != want {
			t.Errorf("Kind(%q) = %q, want %q", name, got, want)
		}
	}
}

// A call running in the editor's terminal shows the terminal, live and
// when it ends, rather than its output as text.
func TestACPTranslateTerminal(t *testing.T) {
	tr := Translator{Dir: t.TempDir()}
	tr.Updates(&conversation.ToolStarted{CallID: "s", Name: "shell", Args: map[string]any{"command": "make"}})
	got := updateJSON(t, []sdk.SessionUpdate{tr.Terminal("s", "term-1")})
	got = append(got, updateJSON(t, tr.Updates(&conversation.ToolProgress{CallID: "s", Chunk: "building"}))...)
	got = append(got, updateJSON(t, tr.Updates(&conversation.ToolFinished{CallID: "s", Name: "shell", Status: "succeeded", Output: "exit code: 0", Summary: "Ran make"}))...)
	want := []string{
		`{"content":[{"terminalId":"term-1","type":"terminal"}],"sessionUpdate":"tool_call_update","toolCallId":"s"}`,
		`{"content":[{"terminalId":"term-1","type":"terminal"}],"sessionUpdate":"tool_call_update","status":"completed","title":"Ran make","toolCallId":"s"}`,
	}
	if len(got) != len(want) {
		t.Fatalf("updates = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("update %d = %s, want %s", i, got[i], want[i])
		}
	}
}
