package assembly

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm/llmtest"
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/prompt"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/subagent"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
)

// A model with a window under 16k tokens gets the small profile: the
// tools an edit needs (the others behind load_tools), a shorter prompt and
// shorter instruction files; a known large window or an unknown one gets
// everything.
func TestProfileFollowsTheWindow(t *testing.T) {
	agents, err := subagent.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		window  int    // settings override; 0 keeps the catalog's
		chosen  string // Settings.PromptProfile
		model   string
		want    prompt.Profile
		tools   []string
		maxSent int // bytes of AGENTS.md that may reach the model
	}{
		{"catalog window", 0, "", "gpt-4o", prompt.Standard,
			[]string{"edit_file", "glob", "grep", "list_dir", "read_file", "shell", "task", "todo", "write_file"}, prompt.MaxInstructionBytes},
		{"unknown window", 0, "", "some-local-model", prompt.Standard,
			[]string{"edit_file", "glob", "grep", "list_dir", "read_file", "shell", "task", "todo", "write_file"}, prompt.MaxInstructionBytes},
		{"8k window", 8192, "", "gpt-4o", prompt.Small,
			[]string{"edit_file", "glob", "grep", "load_tools", "read_file", "shell", "write_file"}, prompt.SmallInstructionBytes},
		{"just under 16k", prompt.SmallWindow - 1, "", "gpt-4o", prompt.Small,
			[]string{"edit_file", "glob", "grep", "load_tools", "read_file", "shell", "write_file"}, prompt.SmallInstructionBytes},
		{"16k", prompt.SmallWindow, "", "gpt-4o", prompt.Standard,
			[]string{"edit_file", "glob", "grep", "list_dir", "read_file", "shell", "task", "todo", "write_file"}, prompt.MaxInstructionBytes},
		{"small chosen, large window", 0, "small", "gpt-4o", prompt.Small,
			[]string{"edit_file", "glob", "grep", "load_tools", "read_file", "shell", "write_file"}, prompt.SmallInstructionBytes},
		{"standard chosen, 8k window", 8192, "standard", "gpt-4o", prompt.Standard,
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
			st.PromptProfile = tt.chosen
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

// scripted answers each request with the next reply (an OpenAI stream) and
// keeps the bodies.
type scripted struct {
	mu      sync.Mutex
	replies []string
	bodies  [][]byte
}

func (s *scripted) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bodies = append(s.bodies, b)
	w.Header().Set("Content-Type", "text/event-stream")
	if len(s.replies) == 0 {
		io.WriteString(w, llmtest.OpenAIOK)
		return
	}
	io.WriteString(w, s.replies[0])
	s.replies = s.replies[1:]
}

func (s *scripted) toolNames(i int) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var req struct {
		Tools []struct {
			Function struct{ Name string } `json:"function"`
		} `json:"tools"`
	}
	_ = json.Unmarshal(s.bodies[i], &req)
	var names []string
	for _, t := range req.Tools {
		names = append(names, t.Function.Name)
	}
	return names
}

func call(id, name, args string) string {
	a, _ := json.Marshal(args)
	return "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"" + id + "\",\"type\":\"function\",\"function\":{\"name\":\"" + name + "\",\"arguments\":" + string(a) + "}}]}}]}\n\n" +
		"data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\ndata: [DONE]\n\n"
}

// In the small profile a held-back tool is one load_tools call away: the
// next request of the turn offers it, it runs, and a later turn of the
// same chat offers it from its first request.
func TestSmallProfileLoadsHeldTools(t *testing.T) {
	srv := &scripted{replies: []string{
		call("c1", "load_tools", `{"names":["todo"]}`),
		call("c2", "todo", `{"items":[{"content":"look","status":"in_progress"}]}`),
	}}
	hs := httptest.NewServer(srv)
	defer hs.Close()
	st := settings.Defaults()
	st.Models = map[string]settings.ModelOverride{"gpt-4o": {Context: 8192}}
	state, todos := tools.NewState(), &tools.TodoList{}
	keys := func(context.Context, string) (string, error) { return "sk-load-test-00000", nil }
	build := func() *Built {
		b, err := Build(context.Background(), keys, Spec{Settings: st, ProviderID: "openai", Model: "gpt-4o",
			BaseURL: hs.URL + "/v1", Workspace: t.TempDir(), CacheDir: t.TempDir(),
			Tools: tools.Config{State: state, Todos: todos}})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	var failed []string
	res := build().Agent.Run(context.Background(), nil, "plan it", func(e loop.Event) {
		if f, ok := e.(loop.ToolCallFinished); ok && f.Status != tool.StatusSucceeded {
			failed = append(failed, f.Name+": "+f.Output)
		}
	})
	if res.Err != nil || len(failed) > 0 {
		t.Fatalf("turn: %v; failed calls %v", res.Err, failed)
	}
	if got := srv.toolNames(0); slices.Contains(got, "todo") || !slices.Contains(got, "load_tools") {
		t.Errorf("first request offers %v", got)
	}
	if got := srv.toolNames(1); !slices.Contains(got, "todo") || !slices.Contains(got, "load_tools") {
		t.Errorf("after loading todo (list_dir still held back) the request offers %v", got)
	}
	if items := todos.Items(); len(items) != 1 || items[0].Content != "look" {
		t.Errorf("todo list %v", items)
	}
	build().Agent.Run(context.Background(), nil, "again", func(loop.Event) {})
	if got := srv.toolNames(3); !slices.Contains(got, "todo") {
		t.Errorf("the next turn's first request offers %v, without the loaded todo", got)
	}
}
