package knowledge

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"testing"
)

// Listed ahead on several goroutines or not, a walk finds every file not
// ignored, in depth-first name order (indexing starts with the first
// files found), and calls back on one goroutine at a time.
func TestWalkInOrderWithListingAhead(t *testing.T) {
	ws := t.TempDir()
	for d := range 12 {
		for f := range 3 {
			write(t, ws, fmt.Sprintf("d%02d/sub%d/f%d.txt", d, f%2, f), "x\n")
		}
		write(t, ws, fmt.Sprintf("d%02d/top.txt", d), "x\n")
	}
	write(t, ws, "vendor/skipped.txt", "x\n")
	write(t, ws, "a.txt", "x\n")
	var want []string
	_ = filepath.WalkDir(ws, func(p string, d fs.DirEntry, err error) error {
		if d.IsDir() && d.Name() == "vendor" {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(ws, p)
			want = append(want, filepath.ToSlash(rel))
		}
		return nil
	})
	for _, watched := range []bool{false, true} {
		srcs, err := loadSources(Options{Workspace: ws})
		if err != nil {
			t.Fatal(err)
		}
		w := &walker{}
		if watched {
			w.onDir = func(*source, string, string) {}
		}
		var got []string
		inside := false
		err = w.walk(context.Background(), srcs[0], "", func(f diskFile) {
			if inside {
				t.Error("callbacks overlap")
			}
			inside = true
			got = append(got, f.rel)
			inside = false
		})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("watched %v: walked\n%v\nwant\n%v", watched, got, want)
		}
	}
}
