package undo

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

func TestChangesCountLinesPerFile(t *testing.T) {
	ctx := context.Background()
	store, err := Open(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ws := t.TempDir()
	write := func(name, body string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(ws, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("edit.txt", "a\nb\nc\n")
	write("gone.txt", "x\ny\n")
	write("same.txt", "keep\n")
	write("bin.dat", "\x00\x01")
	turn, err := store.Begin("t1", ws)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"edit.txt", "gone.txt", "new.txt", "same.txt", "bin.dat"} {
		if err := turn.Before(ctx, filepath.Join(ws, f)); err != nil {
			t.Fatal(err)
		}
	}
	write("edit.txt", "a\nB\nc\nd\n")
	os.Remove(filepath.Join(ws, "gone.txt"))
	write("new.txt", "one\ntwo\nthree\n")
	write("same.txt", "keep\n")
	write("bin.dat", "\x00\x02")
	if err := turn.Finish(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := turn.Changes()
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(got, func(i, j int) bool { return got[i].Path < got[j].Path })
	want := []Change{
		{Path: "bin.dat", Binary: true},
		{Path: "edit.txt", Added: 2, Removed: 1},
		{Path: "gone.txt", Deleted: true, Removed: 2},
		{Path: "new.txt", Created: true, Added: 3},
	}
	if len(got) != len(want) {
		t.Fatalf("changes = %+v", got)
	}
	for i, w := range want {
		g := got[i]
		if g.Path != w.Path || g.Added != w.Added || g.Removed != w.Removed || g.Created != w.Created || g.Deleted != w.Deleted || g.Binary != w.Binary {
			t.Errorf("change %d = %+v, want %+v", i, g, w)
		}
		if !w.Binary && g.Diff == "" {
			t.Errorf("%s has no diff", g.Path)
		}
	}
}
