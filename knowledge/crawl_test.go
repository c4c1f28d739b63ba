package knowledge

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/hearth-agent/hearth/knowledge/ignore"
)

// The one-shot's walk, on every core, finds exactly the files the
// window's serial walk finds, ignore rules and all, and calls fn one at a
// time.
func TestParallelWalkFindsWhatTheSerialOneDoes(t *testing.T) {
	ws := t.TempDir()
	files := map[string]string{
		".gitignore":          "*.log\nbuild/\n",
		"deep/a/.gitignore":   "!keep.log\nsecret*\n",
		"deep/a/keep.log":     "x",
		"deep/a/secret.txt":   "x",
		"build/out.txt":       "x",
		"node_modules/m/i.js": "x",
	}
	for d := range 30 {
		for f := range 7 {
			files[fmt.Sprintf("d%02d/s%d/f%d.txt", d, f%3, f)] = "x"
		}
		files[fmt.Sprintf("d%02d/trace.log", d)] = "x"
	}
	writeAll(t, ws, files)
	walk := func(onDir func(*source, string, string)) []string {
		m, err := ignore.Load(ws, ignore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		src := &source{root: ws, matcher: m}
		var got []string
		var inside atomic.Int32
		w := &walker{onDir: onDir}
		err = w.walk(context.Background(), src, "", func(f diskFile) {
			if inside.Add(1) > 1 {
				t.Error("fn was called concurrently")
			}
			got = append(got, f.rel)
			inside.Add(-1)
		})
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(got)
		return got
	}
	serial := walk(func(*source, string, string) {})
	parallel := walk(nil)
	if !slices.Equal(serial, parallel) {
		t.Fatalf("the parallel walk found %d files, the serial %d:\n%v\n%v", len(parallel), len(serial), parallel, serial)
	}
	if len(serial) != 30*7+3 /* and the two rule files */ || !slices.Contains(serial, "deep/a/keep.log") || slices.Contains(serial, "deep/a/secret.txt") {
		t.Errorf("the walks found %d files: %v", len(serial), serial)
	}
}
