package loop

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestWriteSpillStaysInItsDirectory(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symlinks")
	}
	dir, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "victim.txt")
	os.WriteFile(victim, []byte("original"), 0o644)
	// A planted link in place of the spill file, and one named like a
	// directory escape.
	if err := os.Symlink(victim, filepath.Join(dir, "call_1.txt")); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ id, want string }{
		{"call_1", "call_1.txt"},
		{"../../victim", "_.._victim.txt"},
		{"..", "call.txt"},
		{"/etc/passwd", "_etc_passwd.txt"},
		{"a\\..\\b", "a_.._b.txt"},
	}
	for _, tc := range tests {
		got, err := writeSpill(dir, tc.id, []byte("spilled "+tc.id))
		if err != nil {
			t.Fatalf("%q: %v", tc.id, err)
		}
		if got != filepath.Join(dir, tc.want) {
			t.Errorf("%q spilled to %s, want %s", tc.id, got, tc.want)
		}
		fi, err := os.Lstat(got)
		if err != nil || !fi.Mode().IsRegular() {
			t.Errorf("%q: %v %v", tc.id, fi, err)
		}
	}
	if b, _ := os.ReadFile(victim); string(b) != "original" {
		t.Errorf("wrote through the planted link: %q", b)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 1 {
		t.Errorf("outside now holds %d files", len(ents))
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "call_1.txt")); !strings.HasPrefix(string(b), "spilled call_1") {
		t.Errorf("spill file holds %q", b)
	}
}

func TestWriteSpillRefusesALinkedStore(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symlinks and modes")
	}
	base, elsewhere := t.TempDir(), t.TempDir()
	fresh := filepath.Join(base, "tool-outputs", "abc")
	if _, err := writeSpill(fresh, "c1", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(fresh); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("new store: %v %v", fi, err)
	}
	linked := filepath.Join(base, "tool-outputs", "def")
	os.Symlink(elsewhere, linked)
	if _, err := writeSpill(linked, "c1", []byte("x")); err == nil {
		t.Error("wrote into a store that is a symlink")
	}
	if ents, _ := os.ReadDir(elsewhere); len(ents) != 0 {
		t.Errorf("the link's target holds %d files", len(ents))
	}
}
