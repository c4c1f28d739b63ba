package conversation

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/agent/undo"
)

// Only the latest statsTurns changing turns carry line counts and diffs;
// older ones still list their files.
func TestStoredUndoDiffsOnlyTheLatestTurns(t *testing.T) {
	store, err := undo.Open(filepath.Join(t.TempDir(), "undo"), 0)
	if err != nil {
		t.Fatal(err)
	}
	c := New(Config{Undo: store}, nil)
	ws := t.TempDir()
	var marks []turnMark
	for i := range statsTurns + 2 {
		id := fmt.Sprintf("turn%03d", i)
		turn, err := store.Begin(id, ws)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(ws, fmt.Sprintf("f%d.txt", i))
		if err := turn.Before(t.Context(), file); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte("line\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := turn.Finish(t.Context()); err != nil {
			t.Fatal(err)
		}
		marks = append(marks, turnMark{id: fmt.Sprintf("m%d", i), undoID: id})
	}
	marks = append(marks, turnMark{id: "m999", undoID: "pruned-or-never-made"})
	views := c.storedUndo(marks)
	if len(views) != statsTurns+2 {
		t.Fatalf("%d views, want %d", len(views), statsTurns+2)
	}
	for i := range statsTurns + 2 {
		v := views[fmt.Sprintf("m%d", i)]
		wantStats := i >= 2 // the two oldest are past the cap
		if len(v.Files) != 1 || (len(v.Stats) == 1) != wantStats {
			t.Errorf("turn %d: files %v, %d stats; want stats: %v", i, v.Files, len(v.Stats), wantStats)
		}
	}
}
