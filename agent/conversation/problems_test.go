package conversation

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/agent/undo"
)

// counted is a Diagnoser whose servers last said problems[abs].
type counted struct {
	noDiagnoser
	problems map[string][2]int
}

func (c counted) Problems(abs string) (int, int, bool) {
	p, ok := c.problems[abs]
	return p[0], p[1], ok
}

// noDiagnoser has no server for anything.
type noDiagnoser struct{}

func (noDiagnoser) Available() bool { return false }
func (noDiagnoser) Before(context.Context, string, []byte, bool) func(context.Context, []byte) string {
	return nil
}
func (noDiagnoser) FileDiagnostics(context.Context, string) (string, error) { return "", nil }
func (noDiagnoser) ProjectDiagnostics(context.Context) (string, error)      { return "", nil }
func (noDiagnoser) Navigate(context.Context, string, string, int, int, string) (string, error) {
	return "", nil
}

// The changed-files summary carries each file's errors and warnings as its
// language server last reported them; a deleted file and a Diagnoser that
// cannot count carry none.
func TestChangesCarryTheServersCounts(t *testing.T) {
	ws := t.TempDir()
	d := counted{problems: map[string][2]int{
		filepath.Join(ws, "a.go"):        {2, 1},
		filepath.Join(ws, "pkg", "b.go"): {0, 0},
		filepath.Join(ws, "gone.go"):     {5, 0},
	}}
	changes := []undo.Change{{Path: "a.go", Added: 3}, {Path: "pkg/b.go", Added: 1}, {Path: "gone.go", Deleted: true}, {Path: "notes.txt"}}
	got := fileChanges(changes, func(s string) string { return s }, problemsOf(d, ws))
	want := [][2]int{{2, 1}, {0, 0}, {0, 0}, {0, 0}}
	for i, f := range got {
		if [2]int{f.Errors, f.Warnings} != want[i] {
			t.Errorf("%s: %d errors, %d warnings; want %v", f.Path, f.Errors, f.Warnings, want[i])
		}
	}
	if problemsOf(noDiagnoser{}, ws) != nil || problemsOf(nil, ws) != nil {
		t.Error("a Diagnoser that cannot count was asked")
	}
}
