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
	if _, err := os.Lstat(dir); !os.IsNotExist(err) {
		t.Errorf("SpillDir created %s before any spill: %v", dir, err)
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
}
