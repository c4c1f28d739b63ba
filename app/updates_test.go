package app

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/hearth-agent/hearth/agent/settings"
)

func TestCheckForUpdatesAsksOnlyWhenTurnedOn(t *testing.T) {
	var asked atomic.Int32
	feed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`[{"tag_name":"v0.9.0","name":"Hearth 0.9","html_url":"https://example.org/r/0.9","body":"notes","published_at":"2026-11-01T00:00:00Z"}]`))
	}))
	t.Cleanup(feed.Close)
	a, _ := newTestApp(t, nil)
	a.deps.Version = "v0.4.1"
	if v, err := a.h.Shell.CheckForUpdates(); err != nil || v.Enabled || asked.Load() != 0 {
		t.Fatalf("off by default: %+v %v, feed asked %d times", v, err, asked.Load())
	}
	if _, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		s.Updates.FeedURL = feed.URL
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if v, err := a.h.Shell.SetUpdateCheck(true); err != nil || !v.UpdateCheck || !a.deps.Settings.Get().Updates.Enabled {
		t.Fatalf("turning the check on: %+v %v", v.UpdateCheck, err)
	}
	v, err := a.h.Shell.CheckForUpdates()
	if err != nil || !v.Newer || v.Release.Version != "v0.9.0" || v.Release.URL != "https://example.org/r/0.9" {
		t.Fatalf("with a newer release: %+v %v", v, err)
	}
	a.deps.Version = "dev"
	if v, err := a.h.Shell.CheckForUpdates(); err != nil || v.Newer || v.Note == "" {
		t.Fatalf("a development build: %+v %v", v, err)
	}
}
