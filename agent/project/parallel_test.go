package project

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

	"github.com/hearth-agent/hearth/agent/llm/llmtest"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// gated is a loopback OpenAI Chat Completions server whose replies are
// scripted per conversation (keyed by the conversation's first prompt);
// a held key's stream stops after its first chunk until released.
type gated struct {
	mu      sync.Mutex
	replies map[string][]string
	served  map[string]int
	holds   map[string]chan struct{}
}

func newGated() *gated {
	return &gated{replies: map[string][]string{}, served: map[string]int{}, holds: map[string]chan struct{}{}}
}

func (g *gated) script(key string, replies ...string) { g.replies[key] = replies }

// hold makes key's replies wait after their first chunk until release.
func (g *gated) hold(key string) { g.holds[key] = make(chan struct{}) }

func (g *gated) release(key string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	close(g.holds[key])
}

// requests is how many requests key's conversation made.
func (g *gated) requests(key string) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.served[key]
}

func (g *gated) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		http.NotFound(w, r)
		return
	}
	var body struct {
		Messages []struct {
			Role    string `json:"role"`
			Content any    `json:"content"`
		} `json:"messages"`
	}
	_ = json.NewDecoder(r.Body).Decode(&body)
	key := ""
	for _, m := range body.Messages {
		if m.Role == "user" {
			b, _ := json.Marshal(m.Content)
			for k := range g.replies {
				if strings.Contains(string(b), k) {
					key = k
				}
			}
			break
		}
	}
	g.mu.Lock()
	n := g.served[key]
	g.served[key]++
	replies, hold := g.replies[key], g.holds[key]
	g.mu.Unlock()
	if n >= len(replies) {
		http.Error(w, `{"error":{"message":"script exhausted"}}`, http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	for i, line := range strings.Split(replies[n], "\n") {
		fmt.Fprintf(w, "data: %s\n\n", line)
		w.(http.Flusher).Flush()
		if i == 0 && hold != nil {
			select {
			case <-hold:
			case <-r.Context().Done():
				return
			}
		}
	}
}

func textReply(parts ...string) string { return llmtest.OpenAIText(parts...) }

func callReply(id, name, args string) string { return llmtest.OpenAICall(id, name, args) }

// collected is one conversation's sink.
type collected struct {
	mu   sync.Mutex
	list []conversation.Event
}

func (c *collected) Emit(e conversation.Event) {
	c.mu.Lock()
	c.list = append(c.list, e)
	c.mu.Unlock()
}
func (c *collected) Notice(error)     {}
func (c *collected) SessionsChanged() {}

// find returns the first event match accepts, waiting for it.
func find[E conversation.Event](t testing.TB, c *collected, what string, match func(E) bool) E {
	t.Helper()
	var found E
	eventually.True(t, what, func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		for _, e := range c.list {
			if x, ok := e.(E); ok && match(x) {
				found = x
				return true
			}
		}
		return false
	})
	return found
}

func has[E conversation.Event](c *collected, match func(E) bool) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.list {
		if x, ok := e.(E); ok && match(x) {
			return true
		}
	}
	return false
}

func doneOf(t testing.TB, c *collected, turn string) *conversation.Done {
	return find(t, c, "turn "+turn+" to end", func(d *conversation.Done) bool { return d.TurnID == turn })
}

// parallelProject opens a project in mode whose turns talk to g, at most
// maxRunning at once.
func parallelProject(t testing.TB, g *gated, mode string, maxRunning int) *Project {
	t.Helper()
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	st := settings.Defaults()
	st.Custom = []settings.CustomEndpoint{{Name: "script", BaseURL: srv.URL + "/v1"}}
	off := false
	st.ActiveProvider, st.ActiveModel, st.ApprovalMode, st.ModelTitles = "custom:script", "scripted-model", mode, &off
	st.Conversations.MaxRunning = maxRunning
	s := stores(t)
	s.Settings = func() settings.Settings { return st }
	s.Keys = func(context.Context, string) (string, error) { return "", nil }
	p, err := Open(t.Context(), t.TempDir(), s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p
}

func converse(t testing.TB, p *Project) (*conversation.Conversation, *collected) {
	t.Helper()
	sink := &collected{}
	c, err := p.NewConversation(sink)
	if err != nil {
		t.Fatal(err)
	}
	return c, sink
}

func send(t testing.TB, c *conversation.Conversation, prompt string) string {
	t.Helper()
	id, queued, err := c.Send(prompt)
	if err != nil || queued {
		t.Fatalf("Send(%q) = %q, queued %v, %v", prompt, id, queued, err)
	}
	return id
}

// Two conversations of one project stream at the same time; stopping one
// ends only its turn, and the other finishes with its own answer.
func TestConversationsRunTurnsAtOnce(t *testing.T) {
	g := newGated()
	g.script("alpha", textReply("alpha ", "answered"))
	g.script("beta", textReply("beta ", "answered"))
	g.hold("alpha")
	g.hold("beta")
	p := parallelProject(t, g, "auto", 3)
	a, as := converse(t, p)
	b, bs := converse(t, p)
	ta, tb := send(t, a, "alpha"), send(t, b, "beta")
	eventually.True(t, "both conversations to be answering at once", func() bool {
		return g.requests("alpha") == 1 && g.requests("beta") == 1
	})
	if running, waiting := p.Turns(); running != 2 || waiting != 0 {
		t.Fatalf("Turns() = %d running, %d waiting; want 2, 0", running, waiting)
	}
	a.Stop()
	if d := doneOf(t, as, ta); !d.Stopped {
		t.Fatalf("alpha's done = %+v, want stopped", d)
	}
	if !b.Running() || has(bs, func(d *conversation.Done) bool { return true }) {
		t.Fatal("stopping alpha ended beta's turn")
	}
	g.release("beta")
	if d := doneOf(t, bs, tb); d.Stopped || d.Text != "beta answered" {
		t.Fatalf("beta's done = %+v, want its own answer", d)
	}
	g.release("alpha")
}

// Each conversation's approval waits in that conversation: answering it
// elsewhere is refused, and answering one lets only its turn go on.
func TestApprovalsRouteToTheirConversation(t *testing.T) {
	g := newGated()
	g.script("alpha", callReply("a1", "write_file", `{"path":"a.txt","content":"a\n"}`), textReply("alpha wrote"))
	g.script("beta", callReply("b1", "write_file", `{"path":"b.txt","content":"b\n"}`), textReply("beta wrote"))
	p := parallelProject(t, g, "ask", 3)
	a, as := converse(t, p)
	b, bs := converse(t, p)
	ta, tb := send(t, a, "alpha"), send(t, b, "beta")
	ra := find(t, as, "alpha's approval", func(e *conversation.ApprovalRequested) bool { return e.TurnID == ta })
	rb := find(t, bs, "beta's approval", func(e *conversation.ApprovalRequested) bool { return e.TurnID == tb })
	if err := a.Approve(rb.RequestID, "allow_once", ""); err == nil {
		t.Fatal("alpha accepted beta's approval")
	}
	if err := b.Approve(rb.RequestID, "allow_once", ""); err != nil {
		t.Fatal(err)
	}
	if d := doneOf(t, bs, tb); d.Text != "beta wrote" {
		t.Fatalf("beta's done = %+v", d)
	}
	if _, err := os.Stat(filepath.Join(p.Dir(), "b.txt")); err != nil {
		t.Fatalf("beta's approved write: %v", err)
	}
	if !a.Running() || has(as, func(d *conversation.Done) bool { return true }) {
		t.Fatal("alpha's turn went on without its approval")
	}
	if _, err := os.Stat(filepath.Join(p.Dir(), "a.txt")); !os.IsNotExist(err) {
		t.Fatalf("alpha wrote without approval: %v", err)
	}
	if err := a.Approve(ra.RequestID, "deny", "not now"); err != nil {
		t.Fatal(err)
	}
	doneOf(t, as, ta)
}

// With a bound of two, a third turn waits (saying so, without reaching
// the model) and starts when one of the two ends; a waiting turn stopped
// ends without having run.
func TestRunningTurnsAreBounded(t *testing.T) {
	g := newGated()
	for _, k := range []string{"alpha", "beta", "gamma", "delta"} {
		g.script(k, textReply(k+" answered"))
		g.hold(k)
	}
	p := parallelProject(t, g, "auto", 2)
	a, _ := converse(t, p)
	b, bs := converse(t, p)
	c, cs := converse(t, p)
	d, ds := converse(t, p)
	send(t, a, "alpha")
	tb := send(t, b, "beta")
	eventually.True(t, "two turns answering", func() bool { return g.requests("alpha") == 1 && g.requests("beta") == 1 })
	tc := send(t, c, "gamma")
	find(t, cs, "gamma to wait for a slot", func(e *conversation.SlotWaiting) bool { return e.TurnID == tc && !e.Done })
	td := send(t, d, "delta")
	find(t, ds, "delta to wait for a slot", func(e *conversation.SlotWaiting) bool { return e.TurnID == td && !e.Done })
	if running, waiting := p.Turns(); running != 2 || waiting != 2 {
		t.Fatalf("Turns() = %d running, %d waiting; want 2, 2", running, waiting)
	}
	d.Stop()
	if done := doneOf(t, ds, td); !done.Stopped {
		t.Fatalf("delta's done = %+v, want stopped", done)
	}
	if g.requests("gamma") != 0 || g.requests("delta") != 0 {
		t.Fatal("a waiting turn reached the model")
	}
	g.release("beta")
	doneOf(t, bs, tb)
	find(t, cs, "gamma's wait to end", func(e *conversation.SlotWaiting) bool { return e.TurnID == tc && e.Done })
	eventually.True(t, "gamma to reach the model", func() bool { return g.requests("gamma") == 1 })
	if running, waiting := p.Turns(); running != 2 || waiting != 0 {
		t.Fatalf("after beta: Turns() = %d running, %d waiting; want 2, 0", running, waiting)
	}
	if g.requests("delta") != 0 {
		t.Fatal("the stopped turn ran once a slot freed")
	}
	g.release("gamma")
	if done := doneOf(t, cs, tc); done.Text != "gamma answered" {
		t.Fatalf("gamma's done = %+v", done)
	}
	g.release("alpha")
	g.release("delta")
}
