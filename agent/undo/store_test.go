package undo

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

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
	list, err := s.Turns()
	if err != nil || len(list) != 2 || list[0].ID != "t4" || list[1].ID != "t3" ||
		!slices.Equal(list[0].Files, []string{"f4"}) || list[0].Undone {
		t.Fatalf("Turns() = %+v, %v", list, err)
	}
	turn, err := s.Turn("t4")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := turn.Undo(ctx, false); err != nil {
		t.Fatal(err)
	}
	if !turn.Summary().Undone {
		t.Fatal("summary does not say undone")
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
