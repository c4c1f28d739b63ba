package assembly

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm/llmtest"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/prompt"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/subagent"
)

// A model with a window under 16k tokens gets the small profile: the
// tools an edit needs, a shorter prompt and shorter instruction files; a
// known large window or an unknown one gets everything.
func TestProfileFollowsTheWindow(t *testing.T) {
	agents, err := subagent.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		window  int // settings override; 0 keeps the catalog's
		model   string
		want    prompt.Profile
		tools   []string
		maxSent int // bytes of AGENTS.md that may reach the model
	}{
		{"catalog window", 0, "gpt-4o", prompt.Standard,
			[]string{"edit_file", "glob", "grep", "list_dir", "read_file", "shell", "task", "todo", "write_file"}, prompt.MaxInstructionBytes},
		{"unknown window", 0, "some-local-model", prompt.Standard,
			[]string{"edit_file", "glob", "grep", "list_dir", "read_file", "shell", "task", "todo", "write_file"}, prompt.MaxInstructionBytes},
		{"8k window", 8192, "gpt-4o", prompt.Small,
			[]string{"edit_file", "glob", "grep", "read_file", "shell", "write_file"}, prompt.SmallInstructionBytes},
		{"just under 16k", prompt.SmallWindow - 1, "gpt-4o", prompt.Small,
			[]string{"edit_file", "glob", "grep", "read_file", "shell", "write_file"}, prompt.SmallInstructionBytes},
		{"16k", prompt.SmallWindow, "gpt-4o", prompt.Standard,
			[]string{"edit_file", "glob", "grep", "list_dir", "read_file", "shell", "task", "todo", "write_file"}, prompt.MaxInstructionBytes},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, bodies := llmtest.OpenAI(t, http.StatusOK, "")
			ws := t.TempDir()
			agentsMD := strings.Repeat("Keep functions short. ", 4<<10) // 88 KB
			if err := os.WriteFile(filepath.Join(ws, "AGENTS.md"), []byte(agentsMD), 0o644); err != nil {
				t.Fatal(err)
			}
			st := settings.Defaults()
			if tt.window > 0 {
				st.Models = map[string]settings.ModelOverride{tt.model: {Context: tt.window}}
			}
			keys := func(context.Context, string) (string, error) { return "sk-profile-test-0000", nil }
			b, err := Build(context.Background(), keys, Spec{Settings: st, ProviderID: "openai", Model: tt.model,
				BaseURL: srv.URL + "/v1", Workspace: ws, CacheDir: t.TempDir(), Agents: agents})
			if err != nil {
				t.Fatal(err)
			}
			if b.Profile != tt.want {
				t.Errorf("profile %q, want %q", b.Profile, tt.want)
			}
			if res := b.Agent.Run(context.Background(), nil, "hi!", func(loop.Event) {}); res.Err != nil {
				t.Fatal(res.Err)
			}
			var req struct {
				Tools []struct {
					Function struct{ Name string } `json:"function"`
				} `json:"tools"`
				Messages []struct{ Content string } `json:"messages"`
			}
			if err := json.Unmarshal(bodies.All()[0], &req); err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, tl := range req.Tools {
				names = append(names, tl.Function.Name)
			}
			if !slices.Equal(names, tt.tools) {
				t.Errorf("tools sent %v, want %v", names, tt.tools)
			}
			sys := req.Messages[0].Content
			if sent := strings.Count(sys, "Keep functions short."); sent == 0 || sent*len("Keep functions short. ") > tt.maxSent {
				t.Errorf("%d copies of the instruction line sent; at most %d bytes may be", sent, tt.maxSent)
			}
		})
	}
}
