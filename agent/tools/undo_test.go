//go:build !windows

package tools

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/edit"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/undo"
)

// turnSnapshots adapts a real undo.Turn to the tools' snapshot interfaces,
// as the app does for the current turn.
type turnSnapshots struct{ turn *undo.Turn }

func (a turnSnapshots) Before(ctx context.Context, abs string) error { return a.turn.Before(ctx, abs) }

func (a turnSnapshots) BeforeShell(ctx context.Context) (ShellDone, error) {
	sc, err := a.turn.BeforeShell(ctx, undo.ScanOptions{})
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context) ([]string, error) {
		ch, err := a.turn.AfterShell(ctx, sc)
		if err != nil {
			return nil, err
		}
		return ch.Changed, nil
	}, nil
}

// TestTurnUndoAcrossTools edits, writes and runs a shell command in one turn
// and undoes it with the real undo store: every file comes back byte-exact.
func TestTurnUndoAcrossTools(t *testing.T) {
	store, err := undo.Open(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	files := map[string]string{"a.txt": "alpha\r\nbeta\r\n", "b.txt": "bee\n", "c.txt": "sea\n"}
	dir := t.TempDir()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	turn, err := store.Begin("turn-1", dir)
	if err != nil {
		t.Fatal(err)
	}
	list, err := Builtin(Config{Workspace: dir, Approve: ApproveAll, Snapshot: turnSnapshots{turn}})
	if err != nil {
		t.Fatal(err)
	}
	tl := map[string]tool.Tool{}
	for _, x := range list {
		tl[x.Definition().Name] = x
	}
	mustRun(t, tl["read_file"], ReadFileParams{Path: "a.txt"})
	mustRun(t, tl["edit_file"], EditFileParams{Path: "a.txt", Edits: []edit.Edit{{Search: "beta", Replace: "gamma"}}})
	mustRun(t, tl["write_file"], WriteFileParams{Path: "new/d.txt", Content: "new\n"})
	out := mustRun(t, tl["shell"], ShellParams{Command: "echo changed > b.txt && rm c.txt"})
	if !strings.Contains(out, "files changed: ") || !strings.Contains(out, "b.txt") || !strings.Contains(out, "c.txt") {
		t.Errorf("shell output does not list the changed files:\n%s", out)
	}
	if err := turn.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := turn.Undo(context.Background(), false); err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != want {
			t.Errorf("%s after undo = %q, %v; want %q", name, got, err, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "new", "d.txt")); !os.IsNotExist(err) {
		t.Errorf("file created in the turn survived undo: %v", err)
	}
}
