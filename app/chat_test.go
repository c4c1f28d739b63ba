package app

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/llm/llmtest"

	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// scriptedProvider is a loopback OpenAI Chat Completions server that
// answers each request with the next scripted SSE body.
type scriptedProvider struct {
	mu       sync.Mutex
	replies  []string
	requests []map[string]any
	hold     chan struct{} // when set, streams pause after the first chunk until closed
	// refuse, when set, is the 400 error message given to a request carrying an image.
	refuse string
}

func (p *scriptedProvider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		http.NotFound(w, r) // context-length probes and model lists
		return
	}
	var body map[string]any
	_ = json.NewDecoder(r.Body).Decode(&body)
	p.mu.Lock()
	p.requests = append(p.requests, body)
	n := len(p.requests)
	p.mu.Unlock()
	if img, _ := json.Marshal(body["messages"]); p.refuse != "" && strings.Contains(string(img), `"image_url"`) {
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"message": p.refuse, "type": "invalid_request_error"}})
		return
	}
	if n > len(p.replies) {
		http.Error(w, `{"error":{"message":"script exhausted"}}`, http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	for i, line := range strings.Split(p.replies[n-1], "\n") {
		fmt.Fprintf(w, "data: %s\n\n", line)
		w.(http.Flusher).Flush()
		if i == 0 && p.hold != nil {
			select {
			case <-p.hold:
			case <-r.Context().Done():
				return
			}
		}
	}
}

func textReply(parts ...string) string { return llmtest.OpenAITextUsage(10, 5, parts...) }

func toolReply(id, name, args string) string { return llmtest.OpenAICall(id, name, args) }

type recorder struct {
	mu        sync.Mutex
	events    []map[string]any
	sessions  []SessionsChange // the "sessions" events' payloads
	processes [][]ProcessView  // the "processes" events' payloads
	released  []string         // the "released" events' ids
	trustAsks int              // the "trust" events
	trees     []*WorktreeView  // the "worktree" events' payloads
}

func (r *recorder) emit(name string, data any) {
	if c, ok := data.(SessionsChange); ok && name == SessionsEventName {
		r.mu.Lock()
		r.sessions = append(r.sessions, c)
		r.mu.Unlock()
	}
	if v, ok := data.([]ProcessView); ok && name == ProcessesEventName {
		r.mu.Lock()
		r.processes = append(r.processes, v)
		r.mu.Unlock()
	}
	if v, ok := data.(*WorktreeView); ok && name == WorktreeEventName {
		r.mu.Lock()
		r.trees = append(r.trees, v)
		r.mu.Unlock()
	}
	if name == TrustEventName {
		r.mu.Lock()
		r.trustAsks++
		r.mu.Unlock()
	}
	if ids, ok := data.([]string); ok && name == ReleasedEventName {
		r.mu.Lock()
		r.released = append(r.released, ids...)
		r.mu.Unlock()
	}
	if name != ChatEventName {
		return
	}
	env := data.(ChatEnvelope)
	fields := eventFields(env.Event)
	fields["conversationId"] = env.Conversation
	r.mu.Lock()
	r.events = append(r.events, fields)
	r.mu.Unlock()
}

// scriptedApp is a test app whose chat talks to p, with approval as its
// approval mode ("" keeps the default); it returns the app's config dir too.
func scriptedApp(t *testing.T, p *scriptedProvider, approval string) (*App, string) {
	t.Helper()
	srv := httptest.NewServer(p)
	t.Cleanup(srv.Close)
	a, cfg := newTestApp(t, nil)
	if _, err := a.h.Settings.AddCustomEndpoint("script", srv.URL+"/v1"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		s.ActiveProvider, s.ActiveModel = "custom:script", "scripted-model"
		if approval != "" {
			s.ApprovalMode = approval
		}
		off := false
		s.ModelTitles = &off // the title request would take a scripted reply; TestModelNamesTheConversation covers it
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return a, cfg
}

// eventFields spreads a chat event into its wire fields, keeping each
// value's Go type (seq an int, files a []string).
func eventFields(data any) map[string]any {
	out := map[string]any{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		for i := range v.NumField() {
			f, fv := v.Type().Field(i), v.Field(i)
			if f.Anonymous {
				walk(fv)
				continue
			}
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if strings.Contains(opts, "omitempty") && fv.IsZero() {
				continue
			}
			if fv.Kind() == reflect.Pointer {
				if fv.IsNil() {
					out[name] = nil
					continue
				}
				fv = fv.Elem()
			}
			out[name] = fv.Interface()
		}
	}
	walk(reflect.ValueOf(data).Elem())
	return out
}

// waitFor blocks until an event of type typ arrives (or fails the test).
func (r *recorder) waitFor(t *testing.T, typ string) map[string]any {
	t.Helper()
	var found map[string]any
	eventually.NoError(t, "a "+typ+" event", func() error {
		r.mu.Lock()
		defer r.mu.Unlock()
		for _, e := range r.events {
			if e["type"] == typ {
				found = e
				return nil
			}
		}
		return fmt.Errorf("%d events, none a %s", len(r.events), typ)
	})
	return found
}

func (r *recorder) types() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, e := range r.events {
		out = append(out, e["type"].(string))
	}
	return out
}

func chatApp(t *testing.T, p *scriptedProvider, approval string) (*App, *recorder, string) {
	t.Helper()
	a, _ := scriptedApp(t, p, approval)
	rec := &recorder{}
	a.setEmitter(rec.emit)
	ws := t.TempDir()
	if _, err := a.h.Project.OpenWorkspace(ws); err != nil {
		t.Fatal(err)
	}
	return a, rec, ws
}

func TestChatStreamsATurnInOrder(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("Hello", ", ", "world")}}
	a, rec, _ := chatApp(t, p, "ask")
	res, err := a.h.Chat.Send(a.shownID(), "hi")
	if err != nil || res.TurnID == "" || res.Queued {
		t.Fatalf("Send = %+v, %v", res, err)
	}
	done := rec.waitFor(t, "done")
	if done["text"] != "Hello, world" || done["turnId"] != res.TurnID {
		t.Errorf("done = %v", done)
	}
	var text strings.Builder
	for i, e := range rec.events {
		if e["seq"] != i+1 {
			t.Fatalf("event %d has seq %v: %v", i, e["seq"], rec.types())
		}
		if e["type"] == "text" {
			text.WriteString(e["text"].(string))
		}
	}
	if text.String() != "Hello, world" || rec.types()[0] != "turn_started" {
		t.Errorf("streamed %q, events %v", text.String(), rec.types())
	}
}

func TestChatAsksBeforeWritingAndWritesAfterApproval(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("call_1", "write_file", `{"path":"notes/hello.txt","content":"hi from the agent\n"}`),
		textReply("Wrote it."),
	}}
	a, rec, ws := chatApp(t, p, "ask")
	if _, err := a.h.Chat.Send(a.shownID(), "write a file"); err != nil {
		t.Fatal(err)
	}
	req := rec.waitFor(t, "approval_requested")
	if req["kind"] != "edit" || !strings.Contains(req["detail"].(string), "hi from the agent") {
		t.Fatalf("approval request = %v", req)
	}
	if _, err := os.Stat(filepath.Join(ws, "notes/hello.txt")); !os.IsNotExist(err) {
		t.Fatal("the file was written before approval")
	}
	if err := a.h.Chat.Approve(a.shownID(), req["requestId"].(string), "allow_once", ""); err != nil {
		t.Fatal(err)
	}
	if err := a.h.Chat.Approve(a.shownID(), req["requestId"].(string), "deny", ""); err == nil {
		t.Error("a second decision was accepted")
	}
	if res := rec.waitFor(t, "approval_resolved"); res["decision"] != "allow_once" {
		t.Errorf("approval_resolved = %v", res)
	}
	fin := rec.waitFor(t, "tool_finished")
	rec.waitFor(t, "done")
	if fin["status"] != "succeeded" {
		t.Errorf("tool_finished = %v", fin)
	}
	got, err := os.ReadFile(filepath.Join(ws, "notes/hello.txt"))
	if err != nil || string(got) != "hi from the agent\n" {
		t.Errorf("file = %q, %v", got, err)
	}
	changes := rec.waitFor(t, "changes")
	if files, _ := changes["files"].([]string); len(files) != 1 || files[0] != "notes/hello.txt" {
		t.Errorf("changes = %v", changes)
	}
	turnID := changes["turnId"].(string)
	rep, err := a.h.Chat.UndoTurn(a.shownID(), turnID, false)
	if err != nil || len(rep.Deleted) != 1 {
		t.Fatalf("undo = %+v, %v", rep, err)
	}
	if _, err := os.Stat(filepath.Join(ws, "notes/hello.txt")); !os.IsNotExist(err) {
		t.Error("undo left the created file")
	}
	if _, err := a.h.Chat.RedoTurn(a.shownID(), turnID, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(ws, "notes/hello.txt")); string(got) != "hi from the agent\n" {
		t.Errorf("after redo: %q", got)
	}
}

func TestChatStopKeepsPartialText(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("partial ", "never sent")}, hold: make(chan struct{})}
	defer close(p.hold)
	a, rec, _ := chatApp(t, p, "ask")
	if _, err := a.h.Chat.Send(a.shownID(), "go"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "text")
	start := time.Now()
	a.h.Chat.Stop(a.shownID())
	done := rec.waitFor(t, "done")
	if d := time.Since(start); d > time.Second {
		t.Errorf("stop took %v", d)
	}
	if done["stopped"] != true || done["text"] != "partial " {
		t.Errorf("done = %v", done)
	}
}

func TestChatWithoutKeyFailsWithNoKeyClass(t *testing.T) {
	a, _ := newTestApp(t, nil)
	rec := &recorder{}
	a.setEmitter(rec.emit)
	if _, err := a.h.Project.OpenWorkspace(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	if _, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		s.ActiveProvider, s.ActiveModel = "openai", "gpt-x"
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.Chat.Send(a.shownID(), "hi"); err != nil {
		t.Fatal(err)
	}
	if e := rec.waitFor(t, "error"); e["class"] != "no_key" {
		t.Errorf("error = %v", e)
	}
	rec.waitFor(t, "done")
}

func TestOpenWorkspaceRejectsFilesAndRoot(t *testing.T) {
	a, _ := newTestApp(t, nil)
	f := filepath.Join(t.TempDir(), "file.txt")
	os.WriteFile(f, []byte("x"), 0o644)
	for _, p := range []string{"", f, "/", "/definitely/not/here"} {
		if _, err := a.h.Project.OpenWorkspace(p); err == nil {
			t.Errorf("OpenWorkspace(%q) accepted", p)
		}
	}
	if _, err := a.h.Chat.Send(a.shownID(), "hi"); err == nil {
		t.Error("Send without a workspace accepted")
	}
}

// A file read in one turn may be edited in the next: the read is part of
// the conversation, not of one turn's tool set.
func TestChatRemembersReadsAcrossTurns(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("c1", "read_file", `{"path":"a.txt"}`),
		textReply("Read it."),
		toolReply("c2", "edit_file", `{"path":"a.txt","edits":[{"search":"alpha","replace":"beta"}]}`),
		textReply("Edited."),
	}}
	a, rec, ws := chatApp(t, p, "auto")
	os.WriteFile(filepath.Join(ws, "a.txt"), []byte("alpha\n"), 0o644)
	if _, err := a.h.Chat.Send(a.shownID(), "read a.txt"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	rec.mu.Lock()
	rec.events = nil
	rec.mu.Unlock()
	if _, err := a.h.Chat.Send(a.shownID(), "now change it"); err != nil {
		t.Fatal(err)
	}
	fin := rec.waitFor(t, "tool_finished")
	rec.waitFor(t, "done")
	if fin["status"] != "succeeded" {
		t.Fatalf("edit in the second turn: %v", fin)
	}
	if got, _ := os.ReadFile(filepath.Join(ws, "a.txt")); string(got) != "beta\n" {
		t.Errorf("a.txt = %q", got)
	}
}

// Files a shell command changes are part of the turn's undo too.
func TestChatUndoesShellChanges(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("c1", "shell", `{"command":"printf 'new\\n' > made.txt && printf 'changed\\n' > kept.txt"}`),
		textReply("Done."),
	}}
	a, rec, ws := chatApp(t, p, "auto")
	os.WriteFile(filepath.Join(ws, "kept.txt"), []byte("original\n"), 0o644)
	if _, err := a.h.Chat.Send(a.shownID(), "run it"); err != nil {
		t.Fatal(err)
	}
	if fin := rec.waitFor(t, "tool_finished"); fin["status"] != "succeeded" {
		t.Fatalf("shell: %v", fin)
	}
	changes := rec.waitFor(t, "changes")
	rec.waitFor(t, "done")
	rep, err := a.h.Chat.UndoTurn(a.shownID(), changes["turnId"].(string), false)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(ws, "kept.txt")); string(got) != "original\n" {
		t.Errorf("kept.txt = %q after undo (%+v)", got, rep)
	}
	if _, err := os.Stat(filepath.Join(ws, "made.txt")); !os.IsNotExist(err) {
		t.Errorf("made.txt survived the undo (%+v)", rep)
	}
}

func TestRecentWorkspaces(t *testing.T) {
	a, _ := newTestApp(t, nil)
	one, two := t.TempDir(), t.TempDir()
	for _, d := range []string{one, two, one} {
		if _, err := a.h.Project.OpenWorkspace(d); err != nil {
			t.Fatal(err)
		}
	}
	got := a.h.Project.RecentWorkspaces()
	if len(got) != 2 || got[0].Path != one || got[1].Path != two {
		t.Fatalf("recent = %+v", got)
	}
	os.RemoveAll(two)
	if got := a.h.Project.RecentWorkspaces(); len(got) != 1 {
		t.Errorf("a deleted folder is still offered: %+v", got)
	}
}

func TestCloseStopsARunningTurnAndSavesIt(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("partial", "never")}, hold: make(chan struct{})}
	defer close(p.hold)
	a, rec, _ := chatApp(t, p, "ask")
	if _, err := a.h.Chat.Send(a.shownID(), "go"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "text")
	store := a.sessions()
	id := a.chat().SessionID()
	start := time.Now()
	a.close()
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Close took %v", d)
	}
	if a.sessions() != nil {
		t.Error("the sessions store is still in use after Close")
	}
	rec.waitFor(t, "done")
	again, err := session.Open(t.Context(), store.Path(), session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	tr, err := again.Load(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	last := tr.Messages[len(tr.Messages)-1]
	if last.State != session.StateStopped || last.Text != "partial" {
		t.Errorf("the stopped turn was saved as %s %q", last.State, last.Text)
	}
}
