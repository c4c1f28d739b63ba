package undo

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// buffers are an editor's open files by absolute path, falling back to
// the disk as an editor does for a file it has not opened.
type buffers struct {
	mu   sync.Mutex
	text map[string]string
}

func (b *buffers) ReadFile(_ context.Context, abs string) ([]byte, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if t, ok := b.text[abs]; ok {
		return []byte(t), nil
	}
	return os.ReadFile(abs)
}

func (b *buffers) WriteFile(_ context.Context, abs string, data []byte) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.text[abs] = string(data)
	return nil
}

// Through an editor, a turn snapshots the buffer (not the disk), undo and
// redo write the buffer, and a change made in the buffer since the turn
// is a conflict.
func TestTurnThroughFiles(t *testing.T) {
	ws := t.TempDir()
	a, fresh := filepath.Join(ws, "a.txt"), filepath.Join(ws, "new.txt")
	if err := os.WriteFile(a, []byte("disk\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ed := &buffers{text: map[string]string{a: "unsaved\n"}}
	turn, err := s.Begin("t1", ws)
	if err != nil {
		t.Fatal(err)
	}
	turn.Through(ed)
	ctx := t.Context()
	for _, p := range []string{a, fresh} {
		if err := turn.Before(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	ed.text[a], ed.text[fresh] = "edited\n", "created\n"
	if err := turn.Finish(ctx); err != nil {
		t.Fatal(err)
	}
	again, err := s.Turn("t1") // as /undo reopens it
	if err != nil {
		t.Fatal(err)
	}
	again.Through(ed)
	rep, err := again.Undo(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	if ed.text[a] != "unsaved\n" || len(rep.Restored) != 1 || len(rep.Conflicts) != 0 {
		t.Errorf("after undo a.txt's buffer = %q (report %+v), want the unsaved text", ed.text[a], rep)
	}
	if b, _ := os.ReadFile(a); string(b) != "disk\n" {
		t.Errorf("undo wrote the disk: %q", b)
	}
	if fi, err := os.Stat(a); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("a.txt's mode after undo: %v, %v", fi, err)
	}
	if _, err := again.Redo(ctx, false); err != nil || ed.text[a] != "edited\n" {
		t.Fatalf("after redo a.txt's buffer = %q, %v", ed.text[a], err)
	}
	ed.text[a] = "typed since\n"
	rep, err = again.Undo(ctx, false)
	if err != nil || len(rep.Conflicts) != 1 || rep.Conflicts[0] != "a.txt" || ed.text[a] != "typed since\n" {
		t.Errorf("undo over a buffer changed since = %+v, %v; buffer %q; want a conflict, the buffer kept", rep, err, ed.text[a])
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("new.txt on disk: %v", err)
	}
}
