package worktree_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/project"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/trust"
	"github.com/hearth-agent/hearth/agent/undo"
	"github.com/hearth-agent/hearth/agent/worktree"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// script answers chat completions with one scripted SSE body each.
type script struct {
	mu      sync.Mutex
	replies []string
}

func (p *script) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		http.NotFound(w, r)
		return
	}
	p.mu.Lock()
	if len(p.replies) == 0 {
		p.mu.Unlock()
		http.Error(w, `{"error":{"message":"script exhausted"}}`, http.StatusBadRequest)
		return
	}
	rep := p.replies[0]
	p.replies = p.replies[1:]
	p.mu.Unlock()
	w.Header().Set("Content-Type", "text/event-stream")
	for _, line := range strings.Split(rep, "\n") {
		fmt.Fprintf(w, "data: %s\n\n", line)
	}
}

func toolCall(id, name string, args map[string]string) string {
	b, _ := json.Marshal(args)
	a, _ := json.Marshal(string(b))
	return `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"` + id + `","type":"function","function":{"name":"` + name + `","arguments":` + string(a) + `}}]}}]}` +
		"\n" + `{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}` + "\n[DONE]"
}

const doneReply = `{"choices":[{"index":0,"delta":{"content":"Done."}}]}` + "\n" +
	`{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}` + "\n[DONE]"

// dones passes on the conversation's finished turns.
type dones chan string

func (d dones) Emit(e conversation.Event) {
	if done, ok := e.(*conversation.Done); ok {
		d <- done.TurnID
	}
}
func (dones) Notice(error)     {}
func (dones) SessionsChanged() {}

// A project opened on the tree runs its tools there, and undoing the turn
// restores the tree, never touching the folder.
func TestAConversationInATreeWritesAndUndoesThere(t *testing.T) {
	dir := newRepo(t, map[string]string{"a.txt": "original\n"})
	s := worktree.NewStore(t.TempDir())
	tr, err := s.Create(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	before := digest(t, dir)
	srv := httptest.NewServer(&script{replies: []string{
		toolCall("r1", "read_file", map[string]string{"path": "a.txt"}),
		toolCall("w1", "write_file", map[string]string{"path": "a.txt", "content": "rewritten\n"}),
		doneReply}})
	t.Cleanup(srv.Close)
	st := settings.Defaults()
	st.Custom = []settings.CustomEndpoint{{Name: "script", BaseURL: srv.URL + "/v1"}}
	off := false
	st.ActiveProvider, st.ActiveModel, st.ApprovalMode, st.ModelTitles = "custom:script", "scripted-model", "auto", &off
	snapshots, err := undo.Open(filepath.Join(t.TempDir(), "undo"), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer snapshots.Close()
	p, err := project.Open(t.Context(), tr.Path, project.Stores{
		Settings:  func() settings.Settings { return st },
		Keys:      func(context.Context, string) (string, error) { return "", nil },
		Undo:      snapshots,
		Trust:     trust.NewStore(t.TempDir()),
		ConfigDir: t.TempDir(),
	}, project.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	ended := make(dones, 4)
	c, err := p.NewConversation(ended)
	if err != nil {
		t.Fatal(err)
	}
	id, _, err := c.Send("rewrite a.txt")
	if err != nil {
		t.Fatal(err)
	}
	select {
	case got := <-ended:
		if got != id {
			t.Fatalf("turn %s ended, want %s", got, id)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the turn never ended")
	}
	eventually.True(t, "the conversation to go idle", func() bool { return !c.Running() })
	if got := read(t, filepath.Join(tr.Path, "a.txt")); got != "rewritten\n" {
		t.Fatalf("a.txt in the tree = %q", got)
	}
	if digest(t, dir) != before {
		t.Fatal("the turn changed the folder")
	}
	if _, err := c.UndoTurn(t.Context(), id, false); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(tr.Path, "a.txt")); got != "original\n" {
		t.Errorf("a.txt in the tree after undo = %q", got)
	}
	if digest(t, dir) != before {
		t.Error("undo changed the folder")
	}
	if _, err := os.Stat(tr.Path); err != nil {
		t.Error(err)
	}
}
