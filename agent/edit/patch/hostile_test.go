package patch

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/edit"
)

// hostilePaths builds a corpus of paths that try to leave the workspace:
// parent escapes in every spelling, absolute paths, Windows forms, NUL
// bytes, and routes through symlinks that point out.
func hostilePaths(ws, out string) []string {
	escapes := []string{"..", "../..", "a/../..", "./../", "a/b/../../..", `..\`, `a\..\..`, "link", "a/link", "link/..", "deeplink/x"}
	targets := []string{"x", "keep", "new/x", ".hidden", "a b", "x.go"}
	var ps []string
	for _, e := range escapes {
		for _, t := range targets {
			ps = append(ps, e+"/"+t, e+`\`+t)
		}
	}
	for _, t := range targets {
		ps = append(ps,
			filepath.Join(out, t), "/"+t, "//"+t, `\\server\share\`+t, "C:/"+t, `c:\`+t, "C:"+t,
			t+"\x00", "\x00/"+t, filepath.Join(ws, "..", filepath.Base(out), t),
			filepath.Join(ws, "link", t), "./link/"+t, "a/./../link/"+t)
	}
	return ps
}

func TestHostilePathCorpus(t *testing.T) {
	dir := t.TempDir()
	ws, out := filepath.Join(dir, "ws"), filepath.Join(dir, "out")
	os.MkdirAll(filepath.Join(ws, "a", "b"), 0o755)
	os.MkdirAll(out, 0o755)
	os.WriteFile(filepath.Join(out, "keep"), []byte("keep\n"), 0o644)
	os.Symlink(out, filepath.Join(ws, "link"))
	os.Symlink(out, filepath.Join(ws, "a", "link"))
	os.Symlink("a/link", filepath.Join(ws, "deeplink"))
	root, err := os.OpenRoot(ws)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	paths := hostilePaths(ws, out)
	if len(paths) < 200 {
		t.Fatalf("corpus has %d paths, want at least 200", len(paths))
	}
	for _, p := range paths {
		for _, search := range []string{"", "keep\n"} {
			plan := Prepare(context.Background(), root, []edit.Block{{Path: p, Search: search, Replace: "owned\n"}})
			if plan.OK() {
				_ = plan.Write(context.Background())
			}
		}
	}
	assertUntouched(t, out)
}

// TestSymlinkSwapRace swaps a workspace directory for a symlink pointing
// out while plans are written into it: os.Root must never follow the swap.
func TestSymlinkSwapRace(t *testing.T) {
	dir := t.TempDir()
	ws, out := filepath.Join(dir, "ws"), filepath.Join(dir, "out")
	os.MkdirAll(filepath.Join(ws, "d"), 0o755)
	os.MkdirAll(out, 0o755)
	os.WriteFile(filepath.Join(out, "keep"), []byte("keep\n"), 0o644)
	root, err := os.OpenRoot(ws)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		d, tmp := filepath.Join(ws, "d"), filepath.Join(ws, "d.tmp")
		for {
			select {
			case <-stop:
				return
			default:
			}
			os.Rename(d, tmp)
			os.Symlink(out, d)
			time.Sleep(50 * time.Microsecond) // the attacker's symlink stays up a moment, not a wait
			os.Remove(d)
			os.Rename(tmp, d)
		}
	})
	deadline := time.Now().Add(1500 * time.Millisecond)
	for i := 0; time.Now().Before(deadline); i++ {
		for _, name := range []string{"d/x", "d/keep", "d/new/y"} {
			plan := Prepare(context.Background(), root, []edit.Block{{Path: name, Search: "", Replace: "owned\n"}})
			if plan.OK() {
				_ = plan.Write(context.Background())
			}
		}
	}
	close(stop)
	wg.Wait()
	assertUntouched(t, out)
}

func assertUntouched(t *testing.T, out string) {
	t.Helper()
	var files []string
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err == nil && p != out {
			files = append(files, strings.TrimPrefix(p, out))
		}
		return nil
	})
	if len(files) != 1 {
		t.Fatalf("escaped the workspace: files outside now %v", files)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "keep")); string(b) != "keep\n" {
		t.Fatalf("outside file changed: %q", b)
	}
}
