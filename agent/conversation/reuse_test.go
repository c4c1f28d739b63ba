package conversation

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
)

// A conversation given no cache (the desktop app, hearth run) keeps one
// across its turns: a local server's context window is probed once, not
// before every turn.
func TestTurnsShareTheContextWindowProbe(t *testing.T) {
	sc := &script{replies: []string{text("one"), text("two")}}
	var mu sync.Mutex
	probes := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		if !strings.HasSuffix(r.URL.Path, "/chat/completions") {
			probes++
		}
		mu.Unlock()
		sc.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	st := settings.Defaults()
	st.Custom = []settings.CustomEndpoint{{Name: "script", BaseURL: srv.URL + "/v1"}}
	off := false
	st.ActiveProvider, st.ActiveModel, st.ApprovalMode, st.ModelTitles = "custom:script", "scripted-model", "auto", &off
	store, err := session.Open(context.Background(), filepath.Join(t.TempDir(), "sessions.db"), session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	ev := &events{}
	c := New(Config{
		Settings: func() settings.Settings { return st },
		Keys:     func(context.Context, string) (string, error) { return "", nil },
		Getenv:   func(string) string { return "" },
		Sessions: func() *session.Store { return store },
	}, ev)
	if err := c.Open(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	var afterFirst int
	for i, want := range []string{"one", "two"} {
		id, _, err := c.Send("say " + want)
		if err != nil {
			t.Fatal(err)
		}
		if d := ev.waitDone(t, id); d.Text != want {
			t.Fatalf("turn %d: done = %+v", i, d)
		}
		waitIdle(t, c)
		if i == 0 {
			mu.Lock()
			afterFirst = probes
			mu.Unlock()
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if afterFirst == 0 || probes != afterFirst {
		t.Errorf("probe requests: %d by the first turn, %d after both; want some, then none more", afterFirst, probes)
	}
}
