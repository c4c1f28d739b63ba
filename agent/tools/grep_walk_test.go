//go:build linux

package tools

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func openFDs(t *testing.T) int {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd")
	}
	return len(ents)
}

// TestGrepStaysInsideAndClosesDirs: symlinks leading out are not followed,
// and every directory handle the walk opens is closed again, also when the
// walk stops early at the match ceiling.
func TestGrepStaysInsideAndClosesDirs(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("NEEDLE outside\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for i := range 40 {
		files[filepath.Join("d", string(rune('a'+i%20)), "f"+string(rune('a'+i))+".txt")] = "NEEDLE inside\nNEEDLE again\n"
	}
	dir, tl := newWS(t, files, Config{})
	if err := os.Symlink(outside, filepath.Join(dir, "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	before := openFDs(t)
	out := mustRun(t, tl["grep"], GrepParams{Pattern: "NEEDLE", MaxResults: 1000})
	if got := len(strings.Split(out, "\n")); got != 80 {
		t.Errorf("got %d matches, want 80:\n%s", got, out)
	}
	if strings.Contains(out, "outside") {
		t.Errorf("followed a link out:\n%s", out)
	}
	mustRun(t, tl["grep"], GrepParams{Pattern: "NEEDLE", MaxResults: 1}) // stops early
	if after := openFDs(t); after > before {
		t.Errorf("open descriptors grew from %d to %d", before, after)
	}
}
