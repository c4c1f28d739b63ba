package update

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// feedServer serves body at /releases on 127.0.0.1 and records each
// request's headers.
func feedServer(t *testing.T, status int, body string) (string, func() []http.Header) {
	t.Helper()
	var mu sync.Mutex
	var seen []http.Header
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Clone())
		mu.Unlock()
		if r.URL.Path != "/releases" || r.Method != http.MethodGet {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/releases", func() []http.Header {
		mu.Lock()
		defer mu.Unlock()
		return seen
	}
}

// A page of releases as GitHub lists them: newest first, with a draft and a
// pre-release above the newest release, and a tag that is no version.
const releases = `[
  {"tag_name": "v2.0.0", "name": "draft", "html_url": "http://127.0.0.1/draft", "draft": true},
  {"tag_name": "v1.3.0-rc.1", "name": "1.3 rc", "html_url": "http://127.0.0.1/rc", "prerelease": true},
  {"tag_name": "nightly", "name": "nightly", "html_url": "http://127.0.0.1/nightly"},
  {"tag_name": "v1.2.0", "name": "Hearth 1.2", "html_url": "http://127.0.0.1/v1.2.0", "body": "Notes", "published_at": "2026-11-20T10:00:00Z"},
  {"tag_name": "1.1.0", "name": "Hearth 1.1", "html_url": "http://127.0.0.1/v1.1.0"},
  {"tag_name": "v1.0.0", "name": "Hearth 1.0", "html_url": "http://127.0.0.1/v1.0.0"}
]`

func TestCheckReturnsTheNewestReleaseAboveTheRunningOne(t *testing.T) {
	feed, _ := feedServer(t, http.StatusOK, releases)
	tests := []struct {
		current   string
		want      string // "" means nothing newer
		wantNotes string
	}{
		{"v1.0.0", "v1.2.0", "Notes"},
		{"1.1.0", "v1.2.0", "Notes"},
		{"v1.1.0-3-gabcdef0-dirty", "v1.2.0", "Notes"},
		{"v1.2.0", "", ""},
		{"v1.2.0-4-gabcdef0", "", ""}, // commits after a release are not older than it
		{"v1.3.0", "", ""},
		{"v1.2.1-rc.1", "v1.3.0-rc.1", ""}, // on a pre-release, pre-releases count
		{"v0.1.0-dev", "v1.3.0-rc.1", ""},
	}
	for _, tc := range tests {
		c := &Checker{FeedURL: feed}
		got, newer, err := c.Check(context.Background(), tc.current)
		if err != nil {
			t.Fatalf("Check(%q): %v", tc.current, err)
		}
		if newer != (tc.want != "") || got.Version != tc.want {
			t.Errorf("Check(%q) = %q, %v; want %q", tc.current, got.Version, newer, tc.want)
		}
		if tc.want == "v1.2.0" && (got.Name != "Hearth 1.2" || got.URL != "http://127.0.0.1/v1.2.0" || got.Notes != tc.wantNotes || got.Published.IsZero()) {
			t.Errorf("Check(%q) = %+v, want the v1.2.0 release's name, page, notes and date", tc.current, got)
		}
	}
}

func TestCheckReadsGitHubsLatestReleaseObject(t *testing.T) {
	feed, _ := feedServer(t, http.StatusOK, `{"tag_name": "v1.2.0", "html_url": "https://github.com/hearth-agent/hearth/releases/tag/v1.2.0"}`)
	got, newer, err := (&Checker{FeedURL: feed}).Check(context.Background(), "v1.0.0")
	if err != nil || !newer || got.Version != "v1.2.0" {
		t.Fatalf("Check = %+v, %v, %v; want v1.2.0", got, newer, err)
	}
}

func TestCheckSendsNothingAboutThePersonOrTheVersion(t *testing.T) {
	feed, seen := feedServer(t, http.StatusOK, releases)
	if _, _, err := (&Checker{FeedURL: feed}).Check(context.Background(), "v1.0.0"); err != nil {
		t.Fatal(err)
	}
	hs := seen()
	if len(hs) != 1 {
		t.Fatalf("%d requests, want one GET", len(hs))
	}
	for name, values := range hs[0] {
		for _, v := range values {
			if strings.Contains(v, "1.0.0") {
				t.Errorf("header %s: %q carries the running version", name, v)
			}
		}
	}
	if ua := hs[0].Get("User-Agent"); ua != "Hearth-update-check" {
		t.Errorf("User-Agent %q", ua)
	}
}

func TestCheckFailsClearly(t *testing.T) {
	broken, _ := feedServer(t, http.StatusOK, `<html>rate limited</html>`)
	missing, _ := feedServer(t, http.StatusForbidden, `{"message": "API rate limit exceeded"}`)
	huge, _ := feedServer(t, http.StatusOK, "["+strings.Repeat(" ", maxFeedBytes)+"]")
	tests := []struct {
		name, feed, current, want string
	}{
		{"not JSON", broken, "v1.0.0", "not GitHub's releases JSON"},
		{"an error status", missing, "v1.0.0", "403 Forbidden"},
		{"too large", huge, "v1.0.0", "larger than"},
		{"plain http to another host", "http://example.com/releases", "v1.0.0", "must start with https://"},
		{"a password in the URL", "https://me:secret@example.com/releases", "v1.0.0", "user name or password"},
		{"a development build", broken, "e75ce6c-dirty", "not a release version"},
	}
	for _, tc := range tests {
		_, _, err := (&Checker{FeedURL: tc.feed}).Check(context.Background(), tc.current)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want it to say %q", tc.name, err, tc.want)
		}
	}
	_, _, err := (&Checker{FeedURL: broken}).Check(context.Background(), "dev")
	if !errors.Is(err, ErrNotARelease) {
		t.Errorf("a dev build: err = %v, want ErrNotARelease", err)
	}
}

func TestCheckStopsWithItsContext(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, _, err := (&Checker{FeedURL: srv.URL}).Check(ctx, "v1.0.0")
		done <- err
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestAReleasePageThatIsNotHTTPSIsDropped(t *testing.T) {
	feed, _ := feedServer(t, http.StatusOK, `[{"tag_name": "v1.2.0", "html_url": "http://evil.example/hearth.exe"}]`)
	got, newer, err := (&Checker{FeedURL: feed}).Check(context.Background(), "v1.0.0")
	if err != nil || !newer {
		t.Fatalf("Check = %v, %v", newer, err)
	}
	if got.URL != "" {
		t.Errorf("URL = %q, want it dropped", got.URL)
	}
}

func TestCanonical(t *testing.T) {
	tests := []struct{ in, want string }{
		{"v1.2.3", "v1.2.3"},
		{"1.2", "v1.2.0"},
		{"v1.2.3-rc.1", "v1.2.3-rc.1"},
		{"v1.2.3-4-gabcdef0", "v1.2.3"},
		{"v1.2.3-dirty", "v1.2.3"},
		{"0.1.0-dev", "v0.1.0-dev"},
		{"e75ce6c", ""},
		{"nightly", ""},
	}
	for _, tc := range tests {
		got, ok := Canonical(tc.in)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("Canonical(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}
