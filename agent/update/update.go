// Package update tells whether a newer Hearth has been released. It reads a
// release feed (GitHub's releases JSON by default) with one GET that carries
// nothing about the person or the running version, compares semantic
// versions, and returns the newest release above the running one. It never
// downloads a release: the person follows the release's page to do that.
package update

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"golang.org/x/mod/semver"

	"github.com/hearth-agent/hearth/agent/egress"
)

// DefaultFeedURL is GitHub's list of Hearth's releases.
const DefaultFeedURL = "https://api.github.com/repos/hearth-agent/hearth/releases"

// maxFeedBytes bounds what is read from the feed; GitHub's first page of
// releases with their notes is well below it.
const maxFeedBytes = 4 << 20

// ErrNotARelease means the running version is a development build that no
// release can be compared with.
var ErrNotARelease = errors.New("update: the running version is not a release version")

// Release is one published release.
type Release struct {
	Version   string    `json:"version"` // canonical, with a leading v: v1.2.3
	Name      string    `json:"name"`
	URL       string    `json:"url"` // the release's page, where the person downloads it
	Notes     string    `json:"notes"`
	Published time.Time `json:"published"`
}

// Checker reads one feed.
type Checker struct {
	FeedURL string       // "" means DefaultFeedURL
	Client  *http.Client // nil means egress's update client with a 30-second timeout
}

// feedRelease is a release as GitHub's API describes it.
type feedRelease struct {
	TagName     string    `json:"tag_name"`
	Name        string    `json:"name"`
	HTMLURL     string    `json:"html_url"`
	Body        string    `json:"body"`
	Draft       bool      `json:"draft"`
	Prerelease  bool      `json:"prerelease"`
	PublishedAt time.Time `json:"published_at"`
}

// Check returns the newest release newer than current and true, or false
// when current is as new as any. Pre-releases count only when current is
// one itself; drafts and tags that are not semantic versions never do.
func (c *Checker) Check(ctx context.Context, current string) (Release, bool, error) {
	cur, ok := Canonical(current)
	if !ok {
		return Release{}, false, fmt.Errorf("%w: %q", ErrNotARelease, current)
	}
	feed, err := c.fetch(ctx)
	if err != nil {
		return Release{}, false, err
	}
	var best Release
	for _, r := range feed {
		v, ok := Canonical(r.TagName)
		if !ok || r.Draft || ((r.Prerelease || semver.Prerelease(v) != "") && semver.Prerelease(cur) == "") {
			continue
		}
		if semver.Compare(v, cur) > 0 && (best.Version == "" || semver.Compare(v, best.Version) > 0) {
			best = Release{Version: v, Name: r.Name, URL: r.HTMLURL, Notes: r.Body, Published: r.PublishedAt}
		}
	}
	if best.URL != "" && CheckURL(best.URL) != nil {
		best.URL = "" // a link the person could be sent to must be https
	}
	return best, best.Version != "", nil
}

func (c *Checker) fetch(ctx context.Context) ([]feedRelease, error) {
	feedURL := c.FeedURL
	if feedURL == "" {
		feedURL = DefaultFeedURL
	}
	if err := CheckURL(feedURL); err != nil {
		return nil, err
	}
	client := c.Client
	if client == nil {
		client = egress.Client(egress.Update, egress.WithTimeout(30*time.Second))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, feedURL, nil)
	if err != nil {
		return nil, fmt.Errorf("update: %w", err)
	}
	req.Header.Set("Accept", "application/vnd.github+json")
	// GitHub refuses requests without a User-Agent; this one names no version.
	req.Header.Set("User-Agent", "Hearth-update-check")
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("update: reading the release feed: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("update: the release feed answered %s", resp.Status)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxFeedBytes+1))
	if err != nil {
		return nil, fmt.Errorf("update: reading the release feed: %w", err)
	}
	if len(body) > maxFeedBytes {
		return nil, fmt.Errorf("update: the release feed is larger than %d bytes", maxFeedBytes)
	}
	// A list of releases, or one (as GitHub's releases/latest answers).
	var feed []feedRelease
	if trimmed := strings.TrimSpace(string(body)); strings.HasPrefix(trimmed, "{") {
		var one feedRelease
		err = json.Unmarshal(body, &one)
		feed = []feedRelease{one}
	} else {
		err = json.Unmarshal(body, &feed)
	}
	if err != nil {
		return nil, fmt.Errorf("update: the release feed is not GitHub's releases JSON: %w", err)
	}
	return feed, nil
}

// describeSuffix is what git describe adds after a tag: commits since the
// tag and the commit, and -dirty for uncommitted changes.
var describeSuffix = regexp.MustCompile(`(-[0-9]+-g[0-9a-f]+)?(-dirty)?$`)

// Canonical turns a tag or the running version into semver's canonical
// form (v1.2.3, v1.2.3-rc.1). A build a few commits after v1.2.3, as git
// describe names it (v1.2.3-4-gabcdef0), counts as v1.2.3, not as a
// pre-release of it.
func Canonical(v string) (string, bool) {
	v = strings.TrimSpace(v)
	if !strings.HasPrefix(v, "v") {
		v = "v" + v
	}
	if m := describeSuffix.FindStringIndex(v); m != nil && m[0] < m[1] {
		if base := v[:m[0]]; semver.IsValid(base) {
			v = base
		}
	}
	if !semver.IsValid(v) {
		return "", false
	}
	return semver.Canonical(v), true
}

// CheckURL accepts the https URLs a feed or a release page may have; plain
// http only on the loopback address, where a test or a local mirror serves.
func CheckURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("update: not a URL: %w", err)
	}
	if u.User != nil {
		return errors.New("update: the URL must not contain a user name or password")
	}
	switch {
	case u.Host == "":
		return errors.New("update: the URL has no host")
	case u.Scheme == "https":
		return nil
	case u.Scheme == "http" && isLoopback(u.Hostname()):
		return nil
	}
	return errors.New("update: the URL must start with https:// (http:// only for 127.0.0.1 or localhost)")
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
