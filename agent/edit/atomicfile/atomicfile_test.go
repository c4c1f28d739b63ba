package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if err := Write(root, "a/b/c.txt", []byte("one"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := WriteUnsynced(root, "a/b/c.txt", []byte("two"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "a/b/c.txt")
	b, err := os.ReadFile(p)
	if err != nil || string(b) != "two" {
		t.Fatalf("content %q %v", b, err)
	}
	fi, _ := os.Stat(p)
	if fi.Mode().Perm() != 0o755 {
		t.Fatalf("mode %v", fi.Mode())
	}
	if m, _ := Mode(root, "a/b/c.txt", 0o644); m != 0o755 {
		t.Fatalf("Mode = %v", m)
	}
	if m, _ := Mode(root, "missing", 0o644); m != 0o644 {
		t.Fatalf("Mode of missing = %v", m)
	}
	ents, _ := os.ReadDir(filepath.Join(dir, "a/b"))
	if len(ents) != 1 {
		t.Fatalf("temporary files left: %v", ents)
	}
}

func TestWriteRefusesEscapes(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(dir, "link")); err != nil {
		t.Skip("no symlinks:", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, name := range []string{"../x", "link/x", filepath.Join(outside, "x"), "a/../../x"} {
		if err := Write(root, name, []byte("bad"), 0o644); err == nil {
			t.Errorf("Write(%q) succeeded", name)
		}
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Fatalf("escaped: %v", ents)
	}
}
