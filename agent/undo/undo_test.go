package undo

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/edit"
	"github.com/hearth-agent/hearth/agent/edit/atomicfile"
)

type state struct {
	content string
	mode    fs.FileMode
}

// snapshotDir reads every regular file under dir.
func snapshotDir(t *testing.T, dir string) map[string]state {
	t.Helper()
	out := map[string]state{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != dir {
			rel, _ := filepath.Rel(dir, p)
			out[filepath.ToSlash(rel)+"/"] = state{content: "(dir)"}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		fi, _ := d.Info()
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = state{string(b), fi.Mode().Perm()}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameState(t *testing.T, what string, got, want map[string]state) {
	t.Helper()
	for p, w := range want {
		g, ok := got[p]
		if !ok {
			t.Fatalf("%s: %s missing", what, p)
		}
		if g != w {
			t.Fatalf("%s: %s = %q %v, want %q %v", what, p, g.content, g.mode, w.content, w.mode)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Fatalf("%s: unexpected file %s", what, p)
		}
	}
}

func filesOnly(m map[string]state) map[string]state {
	out := map[string]state{}
	for k, v := range m {
		if !strings.HasSuffix(k, "/") {
			out[k] = v
		}
	}
	return out
}

func randContent(r *rand.Rand) string {
	parts := []string{"line\n", "crlf\r\n", "\ttab\n", "π ünï\n", "\x00\xff", "", "no newline"}
	n := r.IntN(8)
	s := ""
	for range n {
		s += parts[r.IntN(len(parts))]
	}
	return s
}

func newStore(t *testing.T, budget int64) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "undo"), budget)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestUndoRoundTripRandom applies random sequences of writes, creations,
// deletions and mode changes, each announced with Before, and checks that
// Undo restores the start byte for byte, Redo the end, and Undo again the
// start.
func TestUndoRoundTripRandom(t *testing.T) {
	ctx := context.Background()
	for seed := range 40 {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(seed), 7))
			ws := t.TempDir()
			names := []string{"a.txt", "b.go", "sub/c.md", "sub/deep/d.bin", "e"}
			for _, n := range names[:3] {
				p := filepath.Join(ws, n)
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, []byte(randContent(r)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			start := snapshotDir(t, ws)
			s := newStore(t, 0)
			turn, err := s.Begin(fmt.Sprintf("turn-%d", seed), ws)
			if err != nil {
				t.Fatal(err)
			}
			for range 1 + r.IntN(12) {
				n := names[r.IntN(len(names))]
				p := filepath.Join(ws, n)
				if err := turn.Before(ctx, p); err != nil {
					t.Fatal(err)
				}
				switch r.IntN(5) {
				case 4: // the edit_file path: engine + atomic write in the root
					if b, err := os.ReadFile(p); err == nil {
						if out, err := edit.Apply(b, []edit.Edit{{Search: "", Replace: randContent(r) + "x"}}); err == nil {
							root, _ := os.OpenRoot(ws)
							fi, _ := os.Stat(p)
							rel, _ := filepath.Rel(ws, p)
							if err := atomicfile.Write(root, rel, out, fi.Mode()); err != nil {
								t.Fatal(err)
							}
							root.Close()
						}
					}
				case 0, 1:
					os.MkdirAll(filepath.Dir(p), 0o755)
					if err := os.WriteFile(p, []byte(randContent(r)), 0o644); err != nil {
						t.Fatal(err)
					}
				case 2:
					os.Remove(p)
				case 3:
					os.Chmod(p, []fs.FileMode{0o600, 0o755, 0o644}[r.IntN(3)])
				}
			}
			if err := turn.Finish(ctx); err != nil {
				t.Fatal(err)
			}
			end := snapshotDir(t, ws)
			for i, step := range []struct {
				undo bool
				want map[string]state
			}{{true, start}, {false, end}, {true, start}} {
				var rep *Report
				if step.undo {
					rep, err = turn.Undo(ctx, false)
				} else {
					rep, err = turn.Redo(ctx, false)
				}
				if err != nil || len(rep.Conflicts) > 0 {
					t.Fatalf("step %d: %v %+v", i, err, rep)
				}
				got, want := snapshotDir(t, ws), step.want
				if !step.undo {
					// Redo restores files; an empty directory the turn left
					// behind is not a file and is not recreated.
					got, want = filesOnly(got), filesOnly(want)
				}
				sameState(t, fmt.Sprintf("step %d", i), got, want)
			}
		})
	}
}

func TestUndoConflictAndForce(t *testing.T) {
	ctx := context.Background()
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "a"), []byte("a0"), 0o644)
	os.WriteFile(filepath.Join(ws, "b"), []byte("b0"), 0o644)
	s := newStore(t, 0)
	turn, _ := s.Begin("t1", ws)
	for _, n := range []string{"a", "b", "new"} {
		if err := turn.Before(ctx, filepath.Join(ws, n)); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(ws, n), []byte(n+"1"), 0o644)
	}
	turn.Finish(ctx)
	os.WriteFile(filepath.Join(ws, "b"), []byte("user edit"), 0o644) // the user, after the turn

	rep, err := turn.Undo(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rep.Conflicts, []string{"b"}) || !slices.Equal(rep.Restored, []string{"a"}) ||
		!slices.Equal(rep.Deleted, []string{"new"}) {
		t.Fatalf("report %+v", rep)
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "b")); string(b) != "user edit" {
		t.Fatalf("conflicting file overwritten: %q", b)
	}
	if _, err := os.Stat(filepath.Join(ws, "new")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("created file not deleted")
	}
	rep, err = turn.Undo(ctx, true)
	if err != nil || !slices.Equal(rep.Restored, []string{"b"}) {
		t.Fatalf("forced undo: %v %+v", err, rep)
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "b")); string(b) != "b0" {
		t.Fatalf("forced undo left %q", b)
	}
}

func TestBeforeRefusesOutside(t *testing.T) {
	ws := t.TempDir()
	s := newStore(t, 0)
	turn, _ := s.Begin("t", ws)
	for _, p := range []string{"../x", filepath.Join(filepath.Dir(ws), "x"), "/etc/passwd"} {
		if err := turn.Before(context.Background(), p); !errors.Is(err, ErrOutside) {
			t.Errorf("Before(%q) = %v, want ErrOutside", p, err)
		}
	}
}

// TestConcurrentBefore: tools of one turn may run in parallel; each file is
// snapshotted once, before its first change.
func TestConcurrentBefore(t *testing.T) {
	ctx := context.Background()
	ws := t.TempDir()
	for i := range 8 {
		os.WriteFile(filepath.Join(ws, fmt.Sprint(i)), []byte(fmt.Sprint("orig", i)), 0o644)
	}
	start := snapshotDir(t, ws)
	s := newStore(t, 0)
	turn, _ := s.Begin("par", ws)
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Go(func() {
			p := filepath.Join(ws, fmt.Sprint(g%8))
			if err := turn.Before(ctx, p); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := len(turn.Files()); n != 8 {
		t.Fatalf("%d files recorded, want 8", n)
	}
	for i := range 8 {
		os.WriteFile(filepath.Join(ws, fmt.Sprint(i)), []byte("changed"), 0o644)
	}
	if _, err := turn.Undo(ctx, false); err != nil {
		t.Fatal(err)
	}
	sameState(t, "after undo", snapshotDir(t, ws), start)
}
