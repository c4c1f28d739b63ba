package app

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/hearth-agent/hearth/agent/settings"
)

// "Always allow" on a web_fetch approval saves the host to the person's
// settings: the fetch runs, and a later conversation reads that host
// without asking; another action on a request that is not a fetch is refused.
func TestAlwaysAllowADomain(t *testing.T) {
	var hits atomic.Int32
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte("release notes\n"))
	}))
	t.Cleanup(site.Close)
	fetch := `{"url":"` + site.URL + `/notes"}`
	p := &scriptedProvider{replies: []string{
		toolReply("call_1", "web_fetch", fetch), textReply("Read it."),
		toolReply("call_2", "web_fetch", fetch), textReply("Read it again."),
	}}
	a, _ := scriptedApp(t, p, "ask")
	if _, err := a.deps.Settings.Update(func(s *settings.Settings) error { s.Web.AllowLocal = true; return nil }); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	a.setEmitter(rec.emit)
	if _, err := a.h.Project.OpenWorkspace(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.Chat.Send(a.shownID(), "read the notes"); err != nil {
		t.Fatal(err)
	}
	req := rec.waitFor(t, "approval_requested")
	if req["tool"] != "web_fetch" || req["domain"] != "127.0.0.1" {
		t.Fatalf("approval_requested = %v", req)
	}
	if err := a.h.Chat.Approve(a.shownID(), req["requestId"].(string), "allow_domain_always", ""); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	waitIdle(t, a)
	if hits.Load() != 1 {
		t.Fatalf("the page was fetched %d times, want 1", hits.Load())
	}
	if d := a.deps.Settings.Get().Web.AllowDomains; !slices.Equal(d, []string{"127.0.0.1"}) {
		t.Fatalf("web.allowDomains = %v, want the host", d)
	}

	if _, err := a.h.Chat.NewChat(); err != nil {
		t.Fatal(err)
	}
	rec2 := &recorder{}
	a.setEmitter(rec2.emit)
	if _, err := a.h.Chat.Send(a.shownID(), "read them again"); err != nil {
		t.Fatal(err)
	}
	rec2.waitFor(t, "done")
	if n := len(rec2.eventsOf("approval_requested")); n != 0 || hits.Load() != 2 {
		t.Fatalf("a new conversation asked %d times for an always-allowed host (%d fetches)", n, hits.Load())
	}
}
