package knowledge

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/internal/eventually"
)

// TestSearchDuringFirstBuild: results come from the partial index while
// the build runs, flagged Partial, and progress climbs to the totals.
func TestSearchDuringFirstBuild(t *testing.T) {
	ws := t.TempDir()
	const n = 4000
	for i := range n {
		write(t, ws, fmt.Sprintf("d%d/f%d.txt", i%40, i), fmt.Sprintf("common words here\nunique%d\n", i))
	}
	var mu sync.Mutex
	var seen []Status
	x, err := Open(context.Background(), Options{Workspace: ws, CacheDir: t.TempDir(), NoWatch: true, BatchBytes: 8 << 10,
		OnStatus: func(s Status) { mu.Lock(); seen = append(seen, s); mu.Unlock() }})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	var partial *Results
	eventually.True(t, "a partial result or the build's end", func() bool {
		if x.Status().State != StateBuilding {
			return true
		}
		r, err := x.Search(context.Background(), "common", 5)
		if err != nil {
			t.Fatal(err)
		}
		if r.Partial && r.Total > 0 && r.Total < n {
			partial = &r
		}
		return partial != nil
	})
	if err := x.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if partial == nil {
		t.Log("build finished before a partial result was seen (fast machine)")
	} else if len(partial.Hits) == 0 {
		t.Errorf("partial result without hits: %+v", partial)
	}
	r := search(t, x, "common")
	if r.Partial || r.Total != n {
		t.Errorf("after build: partial %v total %d", r.Partial, r.Total)
	}
	mu.Lock()
	defer mu.Unlock()
	last := seen[len(seen)-1]
	if last.State != StateReady || last.FilesDone != n || last.FilesTotal != n || last.BytesDone != last.BytesTotal || last.BytesTotal == 0 {
		t.Errorf("final status %+v", last)
	}
	prev := 0
	for _, s := range seen {
		if s.FilesDone < prev {
			t.Fatalf("progress went backwards: %+v", seen)
		}
		prev = s.FilesDone
	}
	if len(seen) < 3 {
		t.Errorf("only %d status updates for %d small batches", len(seen), n)
	}
}

// TestCloseDuringBuild: Close cancels the first build cleanly and the
// next open finishes the job.
func TestCloseDuringBuild(t *testing.T) {
	ws, cache := t.TempDir(), t.TempDir()
	for i := range 2000 {
		write(t, ws, fmt.Sprintf("d%d/f%d.txt", i%20, i), fmt.Sprintf("closeword w%d\n", i))
	}
	x, err := Open(context.Background(), Options{Workspace: ws, CacheDir: cache, BatchBytes: 4 << 10})
	if err != nil {
		t.Fatal(err)
	}
	eventually.True(t, "the build to be under way", func() bool {
		st := x.Status()
		return st.State != StateBuilding || st.FilesDone > 0
	})
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := x.Search(context.Background(), "closeword", 5); err == nil {
		t.Error("search on a closed index succeeded")
	}
	y := openReady(t, Options{Workspace: ws, CacheDir: cache, NoWatch: true})
	if got := search(t, y, "closeword").Total; got != 2000 {
		t.Errorf("after reopen total %d", got)
	}
}

// TestIndexingStartsBeforeTheWalkEnds: files are searchable while the
// walk of the rest of the tree is still running, and the status says the
// files are still being counted until the walk ends.
func TestIndexingStartsBeforeTheWalkEnds(t *testing.T) {
	ws := t.TempDir()
	for i := range 50 {
		write(t, ws, fmt.Sprintf("a/f%d.txt", i), "earlyword\n")
	}
	write(t, ws, "z/late.txt", "lateword\n")
	var x *Index
	opened := make(chan struct{})
	sawEarly := make(chan bool, 1)
	testHookWalked = func(rel string) {
		if rel != "z/late.txt" {
			return
		}
		<-opened
		if st := x.Status(); !st.Counting {
			t.Errorf("status %+v while the walk runs; want Counting", st)
		}
		sawEarly <- eventually.Within(eventually.Deadline, func() error {
			r, err := x.Search(context.Background(), "earlyword", 5)
			if err == nil && len(r.Hits) == 0 {
				err = errors.New("no hits yet")
			}
			return err
		}) == nil
	}
	defer func() { testHookWalked = nil }()
	var err error
	// Watching, as the window does, the walk is serial: a/ before z/.
	x, err = Open(context.Background(), Options{Workspace: ws, CacheDir: t.TempDir(), BatchBytes: 1 << 10})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	close(opened)
	if err := x.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !<-sawEarly {
		t.Fatal("no file was searchable before the walk reached the last one")
	}
	if st := x.Status(); st.Counting || st.FilesTotal != 51 {
		t.Fatalf("status %+v once built; want the walk's 51 files counted", st)
	}
	if r := search(t, x, "lateword"); r.Total != 1 {
		t.Fatalf("lateword: %d files", r.Total)
	}
}

// Updates from several goroutines reach OnStatus in the order they were
// made: the build's "ready" and the watcher's "watching" land together on
// a small folder, and the older one arriving last left the status bar at
// "Indexing…" for good.
func TestStatusUpdatesArriveInOrder(t *testing.T) {
	var seen []Status // OnStatus is serial
	x := &Index{opts: Options{OnStatus: func(s Status) { seen = append(seen, s) }}, files: map[string]fileStat{}}
	const n = 20000
	var wg sync.WaitGroup
	for _, bump := range []func(*Status){
		func(s *Status) { s.FilesTotal++ },
		func(s *Status) { s.BytesTotal++ },
	} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range n {
				x.update(false, bump)
			}
		}()
	}
	wg.Wait()
	for i := 1; i < len(seen); i++ {
		if seen[i].FilesTotal < seen[i-1].FilesTotal || seen[i].BytesTotal < seen[i-1].BytesTotal {
			t.Fatalf("event %d (%d, %d) is older than the one before it (%d, %d)", i,
				seen[i].FilesTotal, seen[i].BytesTotal, seen[i-1].FilesTotal, seen[i-1].BytesTotal)
		}
	}
	if last := seen[len(seen)-1]; last != x.Status() {
		t.Fatalf("last event %+v, status %+v", last, x.Status())
	}
}
