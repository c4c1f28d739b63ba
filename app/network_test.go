package app

import (
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// A conversation's model requests are in its network log; offline, the
// update check says so without a request, and the refusal is in the
// app's own log.
func TestNetworkLogAndWorkOffline(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("Paris.")}}
	a, rec, _ := chatApp(t, p, "ask")
	if err := LifecycleOf(a).RecordNetwork(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.net.stopRecording)
	sendAndWait(t, a, rec, "What is the capital of France?")
	list, err := a.h.Sessions.ListSessions()
	if err != nil || len(list) != 1 {
		t.Fatalf("ListSessions = %+v, %v", list, err)
	}
	eventually.True(t, "the model request in the conversation's network log", func() bool {
		log, err := a.h.Sessions.Network(list[0].ID)
		for _, e := range log {
			if err == nil && e.Purpose == "model" && e.Path == "/v1/chat/completions" && e.Status == 200 && e.BytesIn > 0 {
				return true
			}
		}
		return false
	})

	view, err := a.h.Settings.SetOffline(true)
	if err != nil || !view.Offline {
		t.Fatalf("SetOffline = %+v, %v", view.Offline, err)
	}
	if _, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		s.Updates.Enabled, s.Updates.FeedURL = true, "https://releases.example.com/feed"
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	a.deps.Version = "1.0.0"
	if _, err := a.h.Shell.CheckForUpdates(); err == nil || !strings.Contains(err.Error(), "offline") {
		t.Fatalf("CheckForUpdates offline = %v, want an offline error", err)
	}
	eventually.True(t, "the refused update check in the app's log", func() bool {
		log, _ := a.h.Sessions.Network("")
		for _, e := range log {
			if e.Purpose == "update" && e.Host == "releases.example.com" && strings.Contains(e.Error, "offline") {
				return true
			}
		}
		return false
	})
}
