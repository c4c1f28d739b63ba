//go:build unix

package hooks

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/tool"
)

func TestClaudeToolNamesAndInputs(t *testing.T) {
	tests := []struct {
		name, args, wantName, wantInput string
	}{
		{"shell", `{"command":"ls -la"}`, "Bash", `{"command":"ls -la"}`},
		{"read_file", `{"path":"src/a.go","offset":3}`, "Read", `{"file_path":"/ws/src/a.go","offset":3}`},
		{"write_file", `{"path":"a.go","content":"x"}`, "Write", `{"content":"x","file_path":"/ws/a.go"}`},
		{"edit_file", `{"path":"a.go","edits":[{"search":"a","replace":"b"}]}`, "Edit", `{"file_path":"/ws/a.go","new_string":"b","old_string":"a"}`},
		{"edit_file", `{"path":"a.go","edits":[{"search":"a","replace":"b"},{"search":"c","replace":"d"}]}`, "MultiEdit",
			`{"edits":[{"new_string":"b","old_string":"a"},{"new_string":"d","old_string":"c"}],"file_path":"/ws/a.go"}`},
		{"glob", `{"pattern":"**/*.go"}`, "Glob", `{"pattern":"**/*.go"}`},
		{"mcp__github__create_issue", `{"title":"t"}`, "mcp__github__create_issue", `{"title":"t"}`},
		{"web_fetch", `{"url":"https://example.com/"}`, "WebFetch", `{"url":"https://example.com/"}`},
		{"web_search", `{"query":"lamps"}`, "WebSearch", `{"query":"lamps"}`},
	}
	for _, tt := range tests {
		n, in := ClaudeTool("/ws", tt.name, json.RawMessage(tt.args))
		if n != tt.wantName || string(in) != tt.wantInput {
			t.Errorf("%s %s = %s %s; want %s %s", tt.name, tt.args, n, in, tt.wantName, tt.wantInput)
		}
	}
}

type fakeTool struct{ ran bool }

func (f *fakeTool) Definition() tool.Definition { return tool.Definition{Name: "shell"} }
func (f *fakeTool) Run(context.Context, json.RawMessage) (string, error) {
	f.ran = true
	return "ran", nil
}

// A hook's JSON answer tightens (deny, ask) and never loosens: an allow
// after a deny leaves the call denied, an ask without anyone to ask is a
// refusal, and matchers are anchored like Claude Code's.
func TestHookDecisions(t *testing.T) {
	tests := []struct {
		name, settings string
		wantRan        bool
		wantErr        string
	}{
		{"deny by JSON", `[{"matcher":"Bash","hooks":[{"type":"command","command":"echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"not on Fridays\"}}'"}]}]`, false, "not on Fridays"},
		{"allow does not undo a deny", `[{"matcher":"Bash","hooks":[{"type":"command","command":"echo deny-by-exit >&2; exit 2"},{"type":"command","command":"echo '{\"hookSpecificOutput\":{\"permissionDecision\":\"allow\"}}'"}]}]`, false, "deny-by-exit"},
		{"ask with no one to ask", `[{"matcher":"Bash","hooks":[{"type":"command","command":"echo '{\"hookSpecificOutput\":{\"permissionDecision\":\"ask\"}}'"}]}]`, false, "not approved"},
		{"legacy decision block", `[{"matcher":"Bash","hooks":[{"type":"command","command":"echo '{\"decision\":\"block\",\"reason\":\"legacy says no\"}'"}]}]`, false, "legacy says no"},
		{"exit 1 does not block", `[{"matcher":"Bash","hooks":[{"type":"command","command":"exit 1"}]}]`, true, ""},
		{"matcher is anchored", `[{"matcher":"Bas","hooks":[{"type":"command","command":"exit 2"}]}]`, true, ""},
		{"Hearth's own name matches too", `[{"matcher":"shell","hooks":[{"type":"command","command":"exit 2"}]}]`, false, "blocked"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := t.TempDir()
			if err := os.MkdirAll(filepath.Join(ws, ".claude"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(ws, ".claude", "settings.json"), []byte(`{"hooks":{"PreToolUse":`+tt.settings+`}}`), 0o644); err != nil {
				t.Fatal(err)
			}
			set, err := Load(Sources{Home: ws})
			if err != nil || len(set.Broken) > 0 {
				t.Fatal(err, set.Broken)
			}
			f := &fakeTool{}
			wrapped := Wrap([]tool.Tool{f}, set, Session{Workspace: ws})[0]
			_, err = wrapped.Run(context.Background(), json.RawMessage(`{"command":"rm -rf x"}`))
			if f.ran != tt.wantRan {
				t.Fatalf("ran = %v, want %v (err %v)", f.ran, tt.wantRan, err)
			}
			if tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("err = %v, want %q", err, tt.wantErr)
			}
		})
	}
}

func TestBadSettingsAreReported(t *testing.T) {
	home := t.TempDir()
	os.MkdirAll(filepath.Join(home, ".claude"), 0o755)
	os.WriteFile(filepath.Join(home, ".claude", "settings.json"), []byte(`{"hooks":{"PreToolUse":[{"matcher":"(","hooks":[{"command":"true"}]}]}}`), 0o644)
	os.WriteFile(filepath.Join(home, ".claude", "settings.local.json"), []byte(`{not json`), 0o644)
	set, err := Load(Sources{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Broken) != 2 || !strings.Contains(set.Broken[0]+set.Broken[1], "matcher") {
		t.Fatalf("broken = %q", set.Broken)
	}
}
