package confine

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

const secret = "SECRET-OUTSIDE"

// fixture builds outer/{secret.txt, ws/...} where ws is the workspace and
// several symlinks inside it point out.
func fixture(t *testing.T) (outer string, r *Root) {
	t.Helper()
	outer = t.TempDir()
	ws := filepath.Join(outer, "ws")
	must(t, os.MkdirAll(filepath.Join(ws, "sub", "deep"), 0o755))
	must(t, os.MkdirAll(filepath.Join(ws, ".git"), 0o755))
	must(t, os.WriteFile(filepath.Join(outer, "secret.txt"), []byte(secret), 0o600))
	must(t, os.WriteFile(filepath.Join(ws, "sub", "ok.txt"), []byte("inside"), 0o644))
	must(t, os.Symlink("..", filepath.Join(ws, "up")))
	must(t, os.Symlink(outer, filepath.Join(ws, "absout")))
	must(t, os.Symlink(filepath.Join(outer, "secret.txt"), filepath.Join(ws, "secretlink")))
	must(t, os.Symlink("../../..", filepath.Join(ws, "sub", "deep", "climb")))
	must(t, os.Symlink("/etc", filepath.Join(ws, "etc")))
	must(t, os.Symlink("sub", filepath.Join(ws, "insub")))
	must(t, os.Symlink(".git", filepath.Join(ws, "gitlink")))
	must(t, os.Symlink("loop2", filepath.Join(ws, "loop1")))
	must(t, os.Symlink("loop1", filepath.Join(ws, "loop2")))
	r, err := Open(ws)
	must(t, err)
	t.Cleanup(func() { r.Close() })
	return outer, r
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func hostileCorpus(outer string) []string {
	bases := []string{
		"../secret.txt", "../../secret.txt", "../../../../../../etc/passwd", "..", "../",
		"/etc/passwd", "/", "/secret.txt", outer + "/secret.txt", outer, outer + "/ws/../secret.txt",
		"up/secret.txt", "up", "absout/secret.txt", "absout", "secretlink", "sub/deep/climb/secret.txt",
		"etc/passwd", "etc", "insub/../../secret.txt", "sub/../../secret.txt", "sub/deep/../../../secret.txt",
		`C:\Windows\win.ini`, `c:secret.txt`, `C:/secret.txt`, `\\server\share\secret.txt`, `//server/share`,
		`\\?\C:\secret.txt`, `\\.\PhysicalDrive0`, `\secret.txt`, `/\secret.txt`, `\/secret.txt`,
		"~", "~/secret.txt", `~\secret.txt`, "a\x00b", "sub/ok.txt\x00../../secret.txt", "\x00",
		"up/ws/up/secret.txt", "insub/../up/secret.txt", "loop1", "loop1/x", "gitlink/../../secret.txt",
		"..\\secret.txt", "sub\\..\\..\\secret.txt", "sub/../up/secret.txt", "./up/secret.txt",
	}
	var out []string
	for _, b := range bases {
		out = append(out, b,
			"./"+b,
			b+"/",
			strings.ReplaceAll(b, "/", "//"),
			"sub/../"+b,
			" "+b+" ",
			strings.ReplaceAll(b, "/", `\`),
		)
	}
	return out
}

func TestHostileCorpusNoEscape(t *testing.T) {
	outer, r := fixture(t)
	before := listTree(t, outer)
	corpus := hostileCorpus(outer)
	if len(corpus) < 200 {
		t.Fatalf("corpus has %d inputs, want >= 200", len(corpus))
	}
	for _, p := range corpus {
		if b, err := r.ReadFile(p); err == nil && strings.Contains(string(b), secret) {
			t.Errorf("ReadFile(%q) escaped", p)
		}
		if f, err := r.Open(p); err == nil {
			b := make([]byte, 64)
			n, _ := f.Read(b)
			f.Close()
			if strings.Contains(string(b[:n]), secret) {
				t.Errorf("Open(%q) escaped", p)
			}
		}
		if ents, err := r.ReadDir(p); err == nil {
			for _, e := range ents {
				if e.Name() == "secret.txt" {
					t.Errorf("ReadDir(%q) listed the outer directory", p)
				}
			}
		}
		_ = r.WriteFile(p, []byte("pwned"), 0o644)
		_ = r.WriteFile(p+"/pwned.txt", []byte("pwned"), 0o644)
		_ = r.MkdirAll(p + "/pwned-dir")
		_ = r.Remove(p)
	}
	if b, _ := os.ReadFile(filepath.Join(outer, "secret.txt")); string(b) != secret {
		t.Errorf("outside file modified: %q", b)
	}
	after := listTree(t, outer)
	if !slices.Equal(onlyOutside(before), onlyOutside(after)) {
		t.Errorf("outside tree changed:\nbefore %v\nafter  %v", onlyOutside(before), onlyOutside(after))
	}
}

func listTree(t *testing.T, dir string) []string {
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, p)
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	return out
}

func onlyOutside(paths []string) []string {
	var out []string
	for _, p := range paths {
		if p != "ws" && !strings.HasPrefix(p, "ws/") {
			out = append(out, p)
		}
	}
	return out
}

func TestSymlinkSwapRace(t *testing.T) {
	outer, r := fixture(t)
	ws := r.Dir()
	link := filepath.Join(ws, "swap")
	must(t, os.Symlink("sub", link))
	must(t, os.WriteFile(filepath.Join(ws, "sub", "secret.txt"), []byte("inside"), 0o644))

	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // flip the link between inside and outside as fast as possible
		defer wg.Done()
		targets := []string{"sub", outer}
		for i := 0; !stop.Load(); i++ {
			tmp := link + ".tmp"
			_ = os.Remove(tmp)
			if os.Symlink(targets[i%2], tmp) == nil {
				_ = os.Rename(tmp, link)
			}
		}
	}()
	var escapes atomic.Int64
	deadline := time.Now().Add(700 * time.Millisecond)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				if b, err := r.ReadFile("swap/secret.txt"); err == nil && string(b) == secret {
					escapes.Add(1)
				}
				_ = r.WriteFile("swap/planted.txt", []byte("x"), 0o644)
			}
		}()
	}
	time.Sleep(time.Until(deadline)) // the race runs for a time budget, not until something happens
	stop.Store(true)
	wg.Wait()
	if n := escapes.Load(); n > 0 {
		t.Fatalf("%d reads escaped through the swapped symlink", n)
	}
	if _, err := os.Stat(filepath.Join(outer, "planted.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a write escaped through the swapped symlink (stat err %v)", err)
	}
}
