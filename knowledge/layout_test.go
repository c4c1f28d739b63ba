package knowledge

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The layout docs/knowledge.md describes is held here, so a feature that
// grows the top level or points a sub-package back up is caught in review.
func TestLayoutRunsOneWay(t *testing.T) {
	const maxTopLevel = 25
	top, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var sources []string
	for _, f := range top {
		if !strings.HasSuffix(f, "_test.go") {
			sources = append(sources, f)
		}
	}
	if len(sources) > maxTopLevel {
		t.Errorf("knowledge/ holds %d top-level source files, want at most %d: move an idea that needs no index state into a sub-package (%v)", len(sources), maxTopLevel, sources)
	}
	fset := token.NewFileSet()
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if filepath.Dir(path) != "." && p == "github.com/hearth-agent/hearth/knowledge" {
				t.Errorf("%s imports knowledge: sub-packages must not point back up", path)
			}
			if p == "runtime/debug" && !strings.HasSuffix(path, "_test.go") {
				src, _ := os.ReadFile(path)
				if strings.Contains(string(src), "SetGCPercent") || strings.Contains(string(src), "SetMemoryLimit") {
					t.Errorf("%s tunes the program's GC: that is the program's choice (gcpolicy)", path)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
