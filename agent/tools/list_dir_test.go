package tools

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestListDir(t *testing.T) {
	dir, tl := newWS(t, map[string]string{
		"README.md":             "r",
		"src/main.go":           "m",
		"src/util/deep/x.go":    "x",
		"node_modules/lib/a.js": "a",
		"build/out.bin":         "o",
		".gitignore":            "build/\n",
	}, Config{})
	if err := os.Symlink("src/main.go", filepath.Join(dir, "link.go")); err != nil {
		t.Fatal(err)
	}
	ld := tl["list_dir"]
	out := mustRun(t, ld, ListDirParams{})
	for _, want := range []string{"./ (workspace root)", "  README.md", "  src/", "    main.go", "    util/", "link.go -> src/main.go", "ignored entries not shown"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	for _, bad := range []string{"deep/", "node_modules", "build/", "out.bin"} {
		if strings.Contains(out, bad) {
			t.Errorf("unexpected %q in:\n%s", bad, out)
		}
	}
	deep := mustRun(t, ld, ListDirParams{Path: "src", Depth: 5})
	if !strings.Contains(deep, "\n      x.go") || !strings.HasPrefix(deep, "src/") {
		t.Errorf("depth 5 listing:\n%s", deep)
	}
	if _, err := run(t, ld, ListDirParams{Path: "README.md"}); err == nil || !strings.Contains(err.Error(), "use read_file") {
		t.Errorf("listing a file: %v", err)
	}
	if _, err := run(t, ld, ListDirParams{Path: "/"}); err == nil || !strings.Contains(err.Error(), "outside") {
		t.Errorf("listing /: %v", err)
	}
	if _, err := run(t, ld, ListDirParams{Depth: 99}); err == nil {
		t.Error("depth 99 accepted")
	}
}
