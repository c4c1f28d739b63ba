package undo

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

func bash(t *testing.T, dir, script string) {
	t.Helper()
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
}

func TestShellScanUndo(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	ctx := context.Background()
	ws := t.TempDir()
	files := map[string]string{
		"keep.txt":           "untouched\n",
		"mod.txt":            "old\n",
		"gone.txt":           "will be deleted\n",
		"src/deep/x.go":      "package x\n",
		".git/HEAD":          "ref: refs/heads/main\n",
		"node_modules/m.js":  "m\n",
		"build/out.log":      "ignored by .gitignore\n",
		".gitignore":         "build/\n",
		"big.bin":            string(make([]byte, 4096)),
		"same-size-fast.txt": "aaaa\n",
	}
	for n, c := range files {
		p := filepath.Join(ws, n)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	start := snapshotDir(t, ws)
	s := newStore(t, 0)
	turn, _ := s.Begin("shell-turn", ws)
	sc, err := turn.BeforeShell(ctx, ScanOptions{MaxFile: 1024})
	if err != nil {
		t.Fatal(err)
	}
	// Same size, within the same second: only content comparison sees it.
	bash(t, ws, `echo new >> mod.txt; rm gone.txt; mkdir -p gen && echo made > gen/new.txt;
		echo changed > src/deep/x.go; echo bbbb > same-size-fast.txt; echo x > .git/HEAD;
		echo y > node_modules/m.js; echo z > build/out.log; echo more >> big.bin`)
	ch, err := turn.AfterShell(ctx, sc)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(ch.Changed)
	want := []string{"gen/new.txt", "gone.txt", "mod.txt", "same-size-fast.txt", "src/deep/x.go"}
	if !slices.Equal(ch.Changed, want) {
		t.Fatalf("changed %v, want %v", ch.Changed, want)
	}
	if !slices.Equal(ch.Unrestorable, []string{"big.bin"}) {
		t.Fatalf("unrestorable %v", ch.Unrestorable)
	}
	turn.Finish(ctx)
	rep, err := turn.Undo(ctx, false)
	if err != nil || len(rep.Conflicts) > 0 {
		t.Fatalf("%v %+v", err, rep)
	}
	got := snapshotDir(t, ws)
	for _, n := range []string{".git/HEAD", "node_modules/m.js", "build/out.log", "big.bin"} {
		got[n] = start[n] // ignored or too large: not ours to restore
	}
	sameState(t, "after undo", got, start)
}

func TestShellScanNoChange(t *testing.T) {
	ctx := context.Background()
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "a"), []byte("a"), 0o644)
	s := newStore(t, 0)
	turn, _ := s.Begin("t", ws)
	sc, err := turn.BeforeShell(ctx, ScanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ch, err := turn.AfterShell(ctx, sc)
	if err != nil || len(ch.Changed) != 0 || len(turn.Files()) != 0 {
		t.Fatalf("no-op command reported changes: %v %+v", err, ch)
	}
}

// BenchmarkShellScan snapshots a 2,000-file workspace before a shell call:
// cold (every file read and stored) and warm (stat cache hits).
func BenchmarkShellScan(b *testing.B) {
	ctx := context.Background()
	ws := b.TempDir()
	for i := range 2000 {
		p := filepath.Join(ws, "d"+strconv.Itoa(i%40), "f"+strconv.Itoa(i)+".txt")
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(strings.Repeat("x", 2000+i)), 0o644)
	}
	old := time.Now().Add(-time.Hour) // outside the racy window, as files usually are
	filepath.WalkDir(ws, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			os.Chtimes(p, old, old)
		}
		return nil
	})
	for _, warm := range []bool{false, true} {
		name := "cold"
		if warm {
			name = "warm"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				s, err := Open(filepath.Join(b.TempDir(), "undo"), 0)
				if err != nil {
					b.Fatal(err)
				}
				turn, _ := s.Begin("bench", ws)
				if warm {
					turn.BeforeShell(ctx, ScanOptions{})
				}
				b.StartTimer()
				sc, err := turn.BeforeShell(ctx, ScanOptions{})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := turn.AfterShell(ctx, sc); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				s.Close()
				b.StartTimer()
			}
		})
	}
}
