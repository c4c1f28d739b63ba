package conversation

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/trust"
	"github.com/hearth-agent/hearth/agent/undo"
)

// recorder is the scripted provider, keeping each request body.
type recorder struct {
	script
	mu     sync.Mutex
	bodies []string
}

func (r *recorder) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	b, _ := io.ReadAll(req.Body)
	req.Body = io.NopCloser(bytes.NewReader(b))
	if strings.HasSuffix(req.URL.Path, "/chat/completions") {
		r.mu.Lock()
		r.bodies = append(r.bodies, string(b))
		r.mu.Unlock()
	}
	r.script.ServeHTTP(w, req)
}

func (r *recorder) body(i int) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if i >= len(r.bodies) {
		return ""
	}
	return r.bodies[i]
}

// newTrustedConversation is a conversation over a workspace holding
// files, trusted for the run when trusted, with its own home.
func newTrustedConversation(t *testing.T, files map[string]string, trusted bool, replies ...string) (*Conversation, *events, *recorder, string) {
	t.Helper()
	rec := &recorder{script: script{replies: replies}}
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)
	st := settings.Defaults()
	st.Custom = []settings.CustomEndpoint{{Name: "script", BaseURL: srv.URL + "/v1"}}
	off := false
	st.ActiveProvider, st.ActiveModel, st.ApprovalMode, st.ModelTitles = "custom:script", "scripted-model", "auto", &off
	ws, home := t.TempDir(), t.TempDir()
	for rel, body := range files {
		p := filepath.Join(ws, filepath.FromSlash(rel))
		if strings.HasPrefix(rel, "~/") {
			p = filepath.Join(home, filepath.FromSlash(rel[2:]))
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if strings.HasSuffix(rel, ".sh") {
			mode = 0o755
		}
		if err := os.WriteFile(p, []byte(body), mode); err != nil {
			t.Fatal(err)
		}
	}
	store := trust.NewStore(t.TempDir())
	if trusted {
		if err := store.TrustForRun(ws); err != nil {
			t.Fatal(err)
		}
	}
	snapshots, err := undo.Open(filepath.Join(t.TempDir(), "undo"), 0)
	if err != nil {
		t.Fatal(err)
	}
	ev := &events{}
	c := New(Config{
		Settings: func() settings.Settings { return st },
		Keys:     func(context.Context, string) (string, error) { return "", nil },
		Getenv:   func(string) string { return "" },
		Trust:    func() trust.Judge { return store },
		Undo:     snapshots,
		Home:     home,
	}, ev)
	if err := c.Open(ws); err != nil {
		t.Fatal(err)
	}
	return c, ev, rec, ws
}

func (e *events) ofTurn(id string) []Event {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []Event
	for _, ev := range e.list {
		var h Header
		switch x := ev.(type) {
		case *TurnStarted:
			h = x.Header
		case *ToolStarted:
			h = x.Header
		case *ToolFinished:
			h = x.Header
		case *Text:
			h = x.Header
		case *TurnError:
			h = x.Header
		case *Done:
			h = x.Header
		default:
			continue
		}
		if h.TurnID == id {
			out = append(out, ev)
		}
	}
	return out
}

// A project command with $ARGUMENTS, $1, @file, a `!` line and a namespace
// reaches the model expanded, and its `!` line shows as a shell call.
func TestSlashCommandsExpandInTheTurnPath(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	c, ev, rec, ws := newTrustedConversation(t, map[string]string{
		".claude/commands/review.md":        "---\ndescription: Review\nargument-hint: <file>\n---\nReview $1 ($ARGUMENTS).\nStatus:\n!`git status --short`\n@$1",
		".claude/commands/frontend/lint.md": "Lint $ARGUMENTS please",
		"src/x.go":                          "package x // REVIEW-ME\n",
	}, true, text("ok"), text("ok"))
	if out, err := exec.Command("git", "-C", ws, "init", "-q").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	id, _, err := c.Send("/review src/x.go")
	if err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id)
	body := rec.body(0)
	for _, want := range []string{`Review src/x.go (src/x.go).`, `$ git status --short`, `?? .claude/`, `package x // REVIEW-ME`} {
		if !strings.Contains(body, strings.ReplaceAll(want, `"`, `\"`)) {
			t.Fatalf("the model was sent %s\nwant it to contain %q", body, want)
		}
	}
	shell, sent := false, ""
	for _, e := range ev.ofTurn(id) {
		if f, ok := e.(*ToolFinished); ok && f.Name == "shell" && f.Status == "succeeded" {
			shell = true
		}
		if s, ok := e.(*TurnStarted); ok && s.Sent != "" {
			if s.Prompt != "/review src/x.go" {
				t.Fatalf("the expansion's start event names the prompt %q, want it as typed", s.Prompt)
			}
			sent = s.Sent
		}
	}
	if !shell {
		t.Fatal("the ! line did not show as a shell call")
	}
	// The live turn shows what the model was sent, as a reopened one does.
	if !strings.Contains(sent, "Review src/x.go (src/x.go).") || !strings.Contains(sent, "package x // REVIEW-ME") {
		t.Fatalf("turn_started carried the expansion %q", sent)
	}
	id, _, _ = c.Send("/frontend:lint the css")
	ev.waitDone(t, id)
	if !strings.Contains(rec.body(1), "Lint the css please") {
		t.Fatalf("namespaced command: %s", rec.body(1))
	}
}

// An untrusted workspace's command with a `!` line is not loaded: the text
// goes to the model as typed and nothing runs.
func TestUntrustedCommandRunsNothing(t *testing.T) {
	c, ev, rec, ws := newTrustedConversation(t, map[string]string{
		".claude/commands/boom.md": "!`touch canary`",
	}, false, text("ok"))
	id, _, _ := c.Send("/boom")
	ev.waitDone(t, id)
	if _, err := os.Stat(filepath.Join(ws, "canary")); err == nil {
		t.Fatal("an untrusted command ran its ! line")
	}
	if !strings.Contains(rec.body(0), `"/boom"`) {
		t.Fatalf("sent %s", rec.body(0))
	}
}

// Built-ins run without the model: /help lists commands, /model and /mode
// switch the conversation, /clear forgets the history.
func TestBuiltinCommands(t *testing.T) {
	c, ev, rec, _ := newTrustedConversation(t, map[string]string{
		"~/.claude/commands/mine.md": "---\ndescription: My own\nargument-hint: <x>\n---\nMine $ARGUMENTS",
	}, false, text("first"), text("second"))
	run := func(prompt string) *Done {
		id, _, err := c.Send(prompt)
		if err != nil {
			t.Fatal(err)
		}
		return ev.waitDone(t, id)
	}
	if d := run("/help"); !strings.Contains(d.Text, "/mine <x> — My own (user)") || !strings.Contains(d.Text, "/compact [focus]") {
		t.Fatalf("/help = %q", d.Text)
	}
	if d := run("/mode edits"); d.Text != "Approval mode: edits." {
		t.Fatalf("/mode = %q", d.Text)
	}
	if d := run("/model other-model"); !strings.Contains(d.Text, "other-model") {
		t.Fatalf("/model = %q", d.Text)
	}
	run("hello")
	if !strings.Contains(rec.body(0), `"model":"other-model"`) {
		t.Fatalf("/model did not switch: %s", rec.body(0))
	}
	run("/clear")
	run("again")
	if strings.Contains(rec.body(1), "hello") {
		t.Fatal("/clear kept the history")
	}
	if n := len(rec.bodies); n != 2 {
		t.Fatalf("built-ins called the model: %d requests", n)
	}
}

// /undo takes back the last turn's file changes, /init sends the prompt
// that writes AGENTS.md, and /compact runs the engine's compaction.
func TestUndoInitAndCompactCommands(t *testing.T) {
	c, ev, rec, ws := newTrustedConversation(t, nil, false,
		call("c1", "write_file", `{"path":"notes.txt","content":"hello\n"}`), text("Wrote it."), text("Explored."))
	run := func(prompt string) *Done {
		id, _, err := c.Send(prompt)
		if err != nil {
			t.Fatal(err)
		}
		return ev.waitDone(t, id)
	}
	run("write a note")
	if _, err := os.Stat(filepath.Join(ws, "notes.txt")); err != nil {
		t.Fatal(err)
	}
	if d := run("/undo"); !strings.Contains(d.Text, "1 removed") {
		t.Fatalf("/undo = %q", d.Text)
	}
	if _, err := os.Stat(filepath.Join(ws, "notes.txt")); err == nil {
		t.Fatal("/undo left the file")
	}
	if d := run("/compact"); !strings.Contains(d.Text, "ompact") {
		t.Fatalf("/compact = %q", d.Text)
	}
	run("/init")
	if !strings.Contains(rec.body(2), "write an AGENTS.md at the workspace root") {
		t.Fatalf("/init sent %s", rec.body(2))
	}
}
