package knowledge

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/knowledge/watch"

	"github.com/hearth-agent/hearth/internal/eventually"
)

func totalOf(t *testing.T, x *Index, q string) int { return search(t, x, q).Total }

func TestWatcherFollowsChanges(t *testing.T) {
	ws := t.TempDir()
	writeAll(t, ws, map[string]string{"a.go": "alpha", "old/b.go": "beta"})
	x := openReady(t, Options{Workspace: ws})
	if st := x.Status(); st.Watcher != WatchActive {
		t.Fatalf("watcher %q", st.Watcher)
	}
	wait := func(what string, cond func() bool) { eventually.True(t, what, cond) }

	write(t, ws, "a.go", "zeta")
	wait("edit", func() bool { return totalOf(t, x, "zeta") == 1 && totalOf(t, x, "alpha") == 0 })

	// A new directory with a file written immediately, before any watch.
	write(t, ws, "fresh/deep/c.go", "gamma")
	wait("new dir", func() bool { return totalOf(t, x, "gamma") == 1 })
	write(t, ws, "fresh/deep/d.go", "gamma") // and the new dir is watched
	wait("file in new dir", func() bool { return totalOf(t, x, "gamma") == 2 })

	if err := os.Rename(filepath.Join(ws, "old"), filepath.Join(ws, "moved")); err != nil {
		t.Fatal(err)
	}
	wait("dir rename", func() bool {
		r := search(t, x, "beta")
		return r.Total == 1 && r.Hits[0].Path == "moved/b.go"
	})
	_ = os.Remove(filepath.Join(ws, "a.go"))
	wait("delete", func() bool { return totalOf(t, x, "zeta") == 0 })

	// A new ignore rule takes effect.
	write(t, ws, ".gitignore", "fresh/\n")
	wait("gitignore", func() bool { return totalOf(t, x, "gamma") == 0 })
}

// TestChurn makes random creates, edits, renames and deletes (new
// directories with files written at once among them) and then requires
// the index to equal a fresh crawl of the disk.
func TestChurn(t *testing.T) {
	ws := t.TempDir()
	rng := rand.New(rand.NewSource(1))
	var files []string
	for i := range 50 {
		rel := fmt.Sprintf("d%d/f%d.txt", i%5, i)
		write(t, ws, rel, fmt.Sprintf("word%d", i))
		files = append(files, rel)
	}
	x := openReady(t, Options{Workspace: ws})
	n := 1000
	for i := range 300 {
		switch op := rng.Intn(5); {
		case op == 0 || op == 3 || len(files) == 0: // create, sometimes in a new dir
			rel := fmt.Sprintf("d%d/f%d.txt", rng.Intn(8), n)
			if rng.Intn(3) == 0 {
				rel = fmt.Sprintf("n%d/s%d/f%d.txt", n, i, n)
			}
			write(t, ws, rel, fmt.Sprintf("word%d", n))
			files = append(files, rel)
			n++
		case op == 1: // edit
			write(t, ws, files[rng.Intn(len(files))], fmt.Sprintf("edited%d", i))
		case op == 2: // rename
			k := rng.Intn(len(files))
			to := fmt.Sprintf("d%d/r%d.txt", rng.Intn(8), n)
			n++
			_ = os.MkdirAll(filepath.Dir(filepath.Join(ws, to)), 0o755)
			if err := os.Rename(filepath.Join(ws, files[k]), filepath.Join(ws, to)); err == nil {
				files[k] = to
			}
		default: // delete
			k := rng.Intn(len(files))
			_ = os.Remove(filepath.Join(ws, files[k]))
			files = append(files[:k], files[k+1:]...)
		}
		if i%50 == 0 {
			time.Sleep(20 * time.Millisecond) // a person's pace: the watcher indexes between bursts, not a wait
		}
	}
	sort.Strings(files)
	eventually.True(t, "index equals disk", func() bool {
		return reflect.DeepEqual(indexedIDs(t, x), files)
	})
	// And the content is the disk's: every file is found by its own word.
	for _, rel := range files {
		data, err := os.ReadFile(filepath.Join(ws, rel))
		if err != nil {
			t.Fatal(err)
		}
		if r := search(t, x, string(data)); r.Total < 1 {
			t.Errorf("%s (%q) not found", rel, data)
		}
	}
}

func TestStormTriggersRescan(t *testing.T) {
	ws := t.TempDir()
	writeAll(t, ws, map[string]string{"seed.txt": "seed"})
	x := openReady(t, Options{Workspace: ws})
	// Like a git checkout: many files at once, more than watch.StormPaths.
	want := []string{"seed.txt"}
	for i := range watch.StormPaths + 500 {
		rel := fmt.Sprintf("pkg%d/file%d.go", i%20, i)
		write(t, ws, rel, "stormword")
		want = append(want, rel)
	}
	sort.Strings(want)
	start := time.Now()
	eventually.True(t, "storm settled", func() bool {
		return reflect.DeepEqual(indexedIDs(t, x), want)
	})
	t.Logf("%d files consistent %v after the storm", len(want), time.Since(start))
	if got := totalOf(t, x, "stormword"); got != len(want)-1 {
		t.Errorf("stormword total %d", got)
	}
}

// TestStormRecreatedDirIsWatched: a directory deleted and recreated
// inside a storm is watched again after the rescan.
func TestStormRecreatedDirIsWatched(t *testing.T) {
	ws := t.TempDir()
	for i := range 50 {
		write(t, ws, fmt.Sprintf("gen/f%d.txt", i), "old")
	}
	x := openReady(t, Options{Workspace: ws})
	_ = os.RemoveAll(filepath.Join(ws, "gen"))
	for i := range watch.StormPaths + 100 {
		write(t, ws, fmt.Sprintf("gen/g%d.txt", i), "regenerated")
	}
	eventually.True(t, "rescan", func() bool { return totalOf(t, x, "regenerated") == watch.StormPaths+100 })
	write(t, ws, "gen/later.txt", "afterstorm")
	eventually.True(t, "event in recreated dir", func() bool { return totalOf(t, x, "afterstorm") == 1 })
	if totalOf(t, x, "old") != 0 {
		t.Error("deleted files still indexed")
	}
}
