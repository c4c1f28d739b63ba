//go:build !windows

package knowledge

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/internal/eventually"
)

// outsideTree is a folder outside the workspace holding a unique word, and
// a file beside it holding another.
func outsideTree(t *testing.T) string {
	t.Helper()
	outside := t.TempDir()
	writeAll(t, outside, map[string]string{"dir/private.txt": "zanzibarquux", "secret.txt": "quokkavault"})
	return outside
}

// TestCrawlStaysInTheSource: a symlinked folder is never descended (one
// leading out would index what is not the workspace's; one within is
// indexed at its real path), and a symlinked file is indexed only when it
// resolves inside.
func TestCrawlStaysInTheSource(t *testing.T) {
	ws, outside := t.TempDir(), outsideTree(t)
	writeAll(t, ws, map[string]string{"sub/inner.txt": "tamarindo", "own.txt": "mangosteen"})
	for link, target := range map[string]string{
		"link":      filepath.Join(outside, "dir"),
		"key.txt":   filepath.Join(outside, "secret.txt"),
		"alias":     filepath.Join(ws, "sub"),
		"again.txt": filepath.Join(ws, "own.txt"),
	} {
		if err := os.Symlink(target, filepath.Join(ws, link)); err != nil {
			t.Fatal(err)
		}
	}
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	for _, tc := range []struct {
		word string
		want []string
	}{
		{"zanzibarquux", nil},
		{"quokkavault", nil},
		{"tamarindo", []string{"sub/inner.txt"}},
		{"mangosteen", []string{"again.txt", "own.txt"}},
	} {
		if got := hitPaths(search(t, x, tc.word)); !equalPaths(got, tc.want) {
			t.Errorf("%s: hits %v, want %v", tc.word, got, tc.want)
		}
	}
	// Asked to reindex the link, the index still does not read through it.
	if err := x.Reindex(t.Context(), filepath.Join(ws, "link"), filepath.Join(ws, "link", "private.txt"), filepath.Join(ws, "key.txt")); err != nil {
		t.Fatal(err)
	}
	for _, word := range []string{"zanzibarquux", "quokkavault"} {
		if got := hitPaths(search(t, x, word)); len(got) > 0 {
			t.Errorf("after Reindex, %s: hits %v", word, got)
		}
	}
}

// TestWatcherStaysInTheSource: links created after indexing, to a folder
// and to a file outside, are not added by the watcher.
func TestWatcherStaysInTheSource(t *testing.T) {
	ws, outside := t.TempDir(), outsideTree(t)
	writeAll(t, ws, map[string]string{"own.txt": "mangosteen"})
	x := openReady(t, Options{Workspace: ws})
	if st := x.Status(); st.Watcher != WatchActive {
		t.Skipf("watcher %q", st.Watcher)
	}
	if err := os.Symlink(filepath.Join(outside, "dir"), filepath.Join(ws, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(ws, "key.txt")); err != nil {
		t.Fatal(err)
	}
	// The watcher handles paths in batches, one after another: a file
	// written after the links is in their batch or a later one, and a
	// second file written once the first is found is in a batch after
	// theirs, so once it is found the links have been handled.
	for _, marker := range []string{"rambutan", "durian"} {
		write(t, ws, marker+".txt", marker)
		eventually.True(t, marker+" indexed", func() bool { return totalOf(t, x, marker) == 1 })
	}
	for _, word := range []string{"zanzibarquux", "quokkavault"} {
		if got := hitPaths(search(t, x, word)); len(got) > 0 {
			t.Errorf("%s: hits %v", word, got)
		}
	}
}

func equalPaths(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
