package settings

import (
	"os"
	"strings"
	"testing"
)

func TestUpdateCheckIsOffByDefaultAndSavedWhenTurnedOn(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Get().Updates; got.Enabled || got.FeedURL != "" {
		t.Fatalf("defaults %+v, want the check off with the default feed", got)
	}
	if _, err := s.Update(func(st *Settings) error {
		st.Updates = UpdateCheck{Enabled: true, FeedURL: "https://example.org/releases.json"}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"feedUrl": "https://example.org/releases.json"`) {
		t.Errorf("settings.json lacks the feed:\n%s", data)
	}
	again, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := again.Get().Updates; !got.Enabled || got.FeedURL != "https://example.org/releases.json" {
		t.Errorf("reopened %+v, want the check on with the feed", got)
	}
}

func TestUpdateFeedMustBeHTTPS(t *testing.T) {
	tests := []struct {
		feed string
		ok   bool
	}{
		{"https://api.github.com/repos/hearth-agent/hearth/releases", true},
		{"http://127.0.0.1:8080/releases", true},
		{"http://mirror.example.org/releases", false},
		{"https://me:secret@example.org/releases", false},
		{"ftp://example.org/releases", false},
	}
	for _, tc := range tests {
		st := Defaults()
		st.Updates.FeedURL = tc.feed
		err := st.Validate()
		if (err == nil) != tc.ok {
			t.Errorf("feed %q: Validate() = %v, want ok=%v", tc.feed, err, tc.ok)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "updates.feedUrl: ") {
			t.Errorf("feed %q: error %q does not name the field", tc.feed, err)
		}
	}
}
