package tools

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/edit"
)

// The tool descriptions are terse; what they leave out is told in the
// result of the call that needed it.
func TestMisuseResultsCarryTheGuidance(t *testing.T) {
	file := "package a\n\nfunc A() {}\n\nfunc B() {}\n"
	dir, tl := newWS(t, map[string]string{"a.go": file}, Config{Approve: ApproveEdits})
	read := mustRun(t, tl["read_file"], ReadFileParams{Path: "a.go"})
	numberedLine := strings.Split(read, "\n")[2] // "     3\tfunc A() {}"
	tests := []struct {
		name string
		tool string
		args any
		want string
	}{
		{"edit with read_file's line numbers", "edit_file",
			EditFileParams{Path: "a.go", Edits: []edit.Edit{{Search: numberedLine, Replace: "func A() int { return 1 }"}}},
			"line numbers read_file shows"},
		{"the second edit with line numbers", "edit_file",
			EditFileParams{Path: "a.go", Edits: []edit.Edit{{Search: "func B() {}", Replace: "func B() {} // b"}, {Search: numberedLine, Replace: "x"}}},
			"line numbers read_file shows"},
		{"edit whose text is not in the file", "edit_file",
			EditFileParams{Path: "a.go", Edits: []edit.Edit{{Search: "func C() {}", Replace: "x"}}},
			"whole lines copied exactly"},
		{"regex with lookahead", "grep", GrepParams{Pattern: `A(?=\()`}, "no lookaround"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := run(t, tl[tt.tool], tt.args)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to say %q", err, tt.want)
			}
		})
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.go")); string(b) != file {
		t.Errorf("a failed edit changed the file: %q", b)
	}
	if out := mustRun(t, tl["glob"], GlobParams{Pattern: "*.rs"}); !strings.Contains(out, "** crosses directories") {
		t.Errorf("glob with no match: %q", out)
	}
	if out := mustRun(t, tl["grep"], GrepParams{Pattern: "nothing here"}); !strings.Contains(out, "each line is matched alone") {
		t.Errorf("grep with no match: %q", out)
	}
}
