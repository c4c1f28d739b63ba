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
	"testing"
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
		if err != nil || !d.Type().IsRegular() {
			return err
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
				switch r.IntN(4) {
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
				sameState(t, fmt.Sprintf("step %d", i), snapshotDir(t, ws), step.want)
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

func TestReopenAfterRestart(t *testing.T) {
	ctx := context.Background()
	ws, dir := t.TempDir(), filepath.Join(t.TempDir(), "undo")
	p := filepath.Join(ws, "f.txt")
	os.WriteFile(p, []byte("before\r\n"), 0o600)
	s, _ := Open(dir, 0)
	turn, _ := s.Begin("t-restart", ws)
	turn.Before(ctx, p)
	os.WriteFile(p, []byte("after\n"), 0o600)
	turn.Finish(ctx)
	s.Close()

	s2, err := Open(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	turn2, err := s2.Turn("t-restart")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := turn2.Undo(ctx, false); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "before\r\n" {
		t.Fatalf("got %q", b)
	}
	if _, err := s2.Turn("never"); !errors.Is(err, ErrNoTurn) {
		t.Fatalf("want ErrNoTurn, got %v", err)
	}
	if _, err := s2.Turn("../escape"); err == nil {
		t.Fatal("bad id accepted")
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

func TestPruneByBudget(t *testing.T) {
	ctx := context.Background()
	ws := t.TempDir()
	s := newStore(t, 2500)
	s.grace = 0
	for i := range 5 {
		p := filepath.Join(ws, fmt.Sprintf("f%d", i))
		os.WriteFile(p, []byte(fmt.Sprintf("%0500d", i)), 0o644) // 500 bytes, distinct
		turn, err := s.Begin(fmt.Sprintf("t%d", i), ws)
		if err != nil {
			t.Fatal(err)
		}
		turn.Before(ctx, p)
		os.WriteFile(p, []byte(fmt.Sprintf("%0500d", i+100)), 0o644)
		turn.Finish(ctx)
	}
	// Five turns of 1000 bytes each; the budget holds two. Begin pruned t0
	// and t1 (keeping the new turn); this prune takes t2.
	deleted, err := s.Prune()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(deleted, []string{"t2"}) {
		t.Fatalf("pruned %v", deleted)
	}
	for _, id := range []string{"t0", "t1", "t2"} {
		if _, err := s.Turn(id); !errors.Is(err, ErrNoTurn) {
			t.Fatalf("%s: %v", id, err)
		}
	}
	turn, err := s.Turn("t4")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := turn.Undo(ctx, false); err != nil {
		t.Fatal(err)
	}
	var blobs int
	filepath.WalkDir(filepath.Join(s.root.Name(), "blobs"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			blobs++
		}
		return nil
	})
	if blobs != 4 {
		t.Fatalf("%d blobs left, want 4 (two turns, before and after)", blobs)
	}
}
