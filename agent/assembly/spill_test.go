package assembly

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestSpillDirLivesOutsideTheWorkspace(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symlinks and modes")
	}
	cache, ws := t.TempDir(), t.TempDir()
	// The workspace plants the old location as a link out: it is not used.
	os.MkdirAll(filepath.Join(ws, ".hearth"), 0o755)
	os.Symlink(t.TempDir(), filepath.Join(ws, ".hearth", "tool-outputs"))
	dir, err := SpillDir(cache, ws)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(dir, filepath.Join(cache, "tool-outputs")+string(filepath.Separator)) {
		t.Errorf("spill dir %s is not under the cache", dir)
	}
	if fi, err := os.Lstat(dir); err != nil || !fi.IsDir() || fi.Mode().Perm() != 0o700 {
		t.Errorf("spill dir: %v %v", fi, err)
	}
	// The same workspace reached through a link has the same store; another
	// workspace has its own.
	link := filepath.Join(t.TempDir(), "ws")
	os.Symlink(ws, link)
	if same, _ := SpillDir(cache, link); same != dir {
		t.Errorf("through a link: %s, want %s", same, dir)
	}
	if other, _ := SpillDir(cache, t.TempDir()); other == dir {
		t.Error("two workspaces share a spill store")
	}
	// A link planted where the store goes is refused, not followed.
	ws2 := t.TempDir()
	d2, _ := SpillDir(cache, ws2)
	os.Remove(d2)
	os.Symlink(t.TempDir(), d2)
	if _, err := SpillDir(cache, ws2); err == nil {
		t.Error("a symlinked spill store was accepted")
	}
}
