package conversation

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/llm/llmtest"

	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/undo"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// script is a loopback OpenAI Chat Completions server answering each
// request with the next scripted SSE body.
type script struct {
	mu       sync.Mutex
	replies  []string
	requests int
}

func (p *script) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		http.NotFound(w, r) // context-length probes
		return
	}
	p.mu.Lock()
	p.requests++
	n := p.requests
	p.mu.Unlock()
	if n > len(p.replies) {
		http.Error(w, `{"error":{"message":"script exhausted"}}`, http.StatusBadRequest)
		return
	}
	if p.replies[n-1] == refuse {
		http.Error(w, `{"error":{"message":"scripted refusal"}}`, http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	for _, line := range strings.Split(p.replies[n-1], "\n") {
		fmt.Fprintf(w, "data: %s\n\n", line)
		w.(http.Flusher).Flush()
	}
}

// refuse is a scripted reply the provider answers with an error.
const refuse = "refuse"

func text(parts ...string) string { return llmtest.OpenAIText(parts...) }

func call(id, name, args string) string { return llmtest.OpenAICall(id, name, args) }

// events collects what a conversation emits.
type events struct {
	mu      sync.Mutex
	list    []Event
	notices []error
}

func (e *events) Emit(ev Event) {
	e.mu.Lock()
	e.list = append(e.list, ev)
	e.mu.Unlock()
}
func (e *events) Notice(err error) { e.mu.Lock(); e.notices = append(e.notices, err); e.mu.Unlock() }
func (e *events) SessionsChanged() {}

// waitDone waits for turnID's done event.
func (e *events) waitDone(t *testing.T, turnID string) *Done {
	t.Helper()
	var done *Done
	eventually.True(t, "turn "+turnID+" to end", func() bool {
		e.mu.Lock()
		defer e.mu.Unlock()
		for _, ev := range e.list {
			if d, ok := ev.(*Done); ok && d.TurnID == turnID {
				done = d
			}
		}
		return done != nil
	})
	return done
}

func newConversation(t *testing.T, replies ...string) (*Conversation, *events, *session.Store, string) {
	t.Helper()
	return newConversationIn(t, "auto", replies...)
}

// newConversationIn is newConversation with the given approval mode.
func newConversationIn(t *testing.T, mode string, replies ...string) (*Conversation, *events, *session.Store, string) {
	t.Helper()
	return newConversationWith(t, mode, nil, replies...)
}

// newConversationWith is newConversationIn with configure applied to the
// Config first (nil: none).
func newConversationWith(t *testing.T, mode string, configure func(*Config), replies ...string) (*Conversation, *events, *session.Store, string) {
	t.Helper()
	srv := httptest.NewServer(&script{replies: replies})
	t.Cleanup(srv.Close)
	st := settings.Defaults()
	st.Custom = []settings.CustomEndpoint{{Name: "script", BaseURL: srv.URL + "/v1"}}
	off := false
	st.ActiveProvider, st.ActiveModel, st.ApprovalMode, st.ModelTitles = "custom:script", "scripted-model", mode, &off
	store, err := session.Open(context.Background(), filepath.Join(t.TempDir(), "sessions.db"), session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	snapshots, err := undo.Open(filepath.Join(t.TempDir(), "undo"), 0)
	if err != nil {
		t.Fatal(err)
	}
	ev := &events{}
	cfg := Config{
		Settings: func() settings.Settings { return st },
		Keys:     func(context.Context, string) (string, error) { return "", nil },
		Getenv:   func(string) string { return "" },
		Sessions: func() *session.Store { return store },
		Undo:     snapshots,
	}
	if configure != nil {
		configure(&cfg)
	}
	c := New(cfg, ev)
	ws := t.TempDir()
	if err := c.Open(ws); err != nil {
		t.Fatal(err)
	}
	return c, ev, store, ws
}

// A whole turn runs through the conversation without any front-end: the
// model's tool call writes a file, the events arrive numbered and in
// order, the turn is stored, and Undo takes the file back.
func TestTurnRunsEndToEnd(t *testing.T) {
	c, ev, store, ws := newConversation(t,
		call("c1", "write_file", `{"path":"notes/a.txt","content":"hello\n"}`),
		text("Wrote ", "it."))
	id, queued, err := c.Send("write a note")
	if err != nil || queued {
		t.Fatalf("Send = %q, %v, %v", id, queued, err)
	}
	done := ev.waitDone(t, id)
	if done.Text != "Wrote it." || done.Stopped {
		t.Fatalf("done = %+v", done)
	}
	ev.mu.Lock()
	var kinds []string
	for i, e := range ev.list {
		b, _ := json.Marshal(e)
		var h Header
		_ = json.Unmarshal(b, &h)
		if h.TurnID != id || h.Seq != i+1 {
			t.Fatalf("event %d: %s", i, b)
		}
		// Usage and text may come as several events each; their runs count once.
		if k := eventType(e); k != "usage" && (len(kinds) == 0 || kinds[len(kinds)-1] != k) {
			kinds = append(kinds, k)
		}
	}
	ev.mu.Unlock()
	want := "turn_started tool_started tool_finished text changes done"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("events %s, want %s", got, want)
	}
	file := filepath.Join(ws, "notes/a.txt")
	if got, _ := os.ReadFile(file); string(got) != "hello\n" {
		t.Fatalf("file = %q", got)
	}
	tr, err := store.Load(context.Background(), c.SessionID())
	if err != nil || len(tr.Messages) < 2 || tr.Messages[0].Text != "write a note" {
		t.Fatalf("stored %+v, %v", tr, err)
	}
	waitIdle(t, c)
	if _, err := c.UndoTurn(context.Background(), id, false); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Error("undo left the written file")
	}
}

// A prompt sent while a turn runs waits behind it; resending a turn that
// is gone is refused with an InputError.
func TestQueueAndResend(t *testing.T) {
	c, ev, _, _ := newConversation(t, text("one"), text("two"), text("one again"))
	first, _, _ := c.Send("1")
	second, queued, err := c.Send("2")
	if err != nil || !queued {
		t.Fatalf("second Send queued=%v err=%v", queued, err)
	}
	if d := ev.waitDone(t, second); d.Text != "two" {
		t.Fatalf("queued turn answered %q", d.Text)
	}
	waitIdle(t, c)
	again, _, err := c.Resend(first, "")
	if err != nil {
		t.Fatal(err)
	}
	if d := ev.waitDone(t, again); d.Text != "one again" {
		t.Fatalf("resent turn answered %q", d.Text)
	}
	waitIdle(t, c)
	var in *InputError
	if _, _, err := c.Resend(second, ""); !errors.As(err, &in) || in.Field != "turn" {
		t.Errorf("resending a dropped turn: %v", err)
	}
}

// sendDone sends prompt, waits for its turn's Done and for the
// conversation to be idle, and returns the Done.
func sendDone(t *testing.T, c *Conversation, ev *events, prompt string) *Done {
	t.Helper()
	id, _, err := c.Send(prompt)
	if err != nil {
		t.Fatal(err)
	}
	d := ev.waitDone(t, id)
	waitIdle(t, c)
	return d
}

func waitIdle(t *testing.T, c *Conversation) {
	t.Helper()
	eventually.True(t, "the conversation to go idle", func() bool { return !c.Running() })
}

// The CLI's path: a headless turn is prepared and run on the caller's
// goroutine, its loop events observed as they stream, and a later run
// resumes the stored conversation.
func TestHeadlessTurnRunsAndResumes(t *testing.T) {
	c, _, store, _ := newConversation(t, text("The answer ", "is 42."), text("You asked about the answer."))
	c.cfg.Headless = true
	turn, err := c.Prepare(context.Background(), "What is the answer?")
	if err != nil {
		t.Fatal(err)
	}
	var streamed strings.Builder
	res, err := turn.Run(context.Background(), func(e loop.Event) {
		if d, ok := e.(loop.TextDelta); ok {
			streamed.WriteString(d.Text)
		}
	})
	if err != nil || res.Text != "The answer is 42." || streamed.String() != res.Text {
		t.Fatalf("run = %+v, %v; streamed %q", res, err, streamed.String())
	}
	tr, err := store.Load(context.Background(), c.SessionID())
	if err != nil {
		t.Fatal(err)
	}
	next := New(c.cfg, &events{})
	if err := next.Open(c.Workspace()); err != nil {
		t.Fatal(err)
	}
	if err := next.Resume(tr); err != nil {
		t.Fatal(err)
	}
	turn, err = next.Prepare(context.Background(), "What did I ask?")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := turn.Run(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if tr, _ = store.Load(context.Background(), next.SessionID()); next.SessionID() != c.SessionID() || len(tr.Messages) != 4 {
		t.Fatalf("resumed session %s holds %d messages", next.SessionID(), len(tr.Messages))
	}
}
