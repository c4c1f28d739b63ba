package knowledge

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2/index/scorch"
)

// manySegments makes an index of n files in as many segments: each file
// is indexed and put on disk before the next (a build's batches may be
// merged in memory first). It returns the workspace, the cache and how
// many segments a lazy reopen finds.
func manySegments(t *testing.T, n int) (ws, cache string, segs int) {
	t.Helper()
	ws, cache = t.TempDir(), t.TempDir()
	x := openReady(t, Options{Workspace: ws, CacheDir: cache, NoWatch: true, LazyMerge: true})
	for i := range n {
		rel := fmt.Sprintf("f%03d.txt", i)
		write(t, ws, rel, fmt.Sprintf("word%d %s\n", i, strings.Repeat("filler ", 300)))
		if err := x.Reindex(t.Context(), filepath.Join(ws, rel)); err != nil {
			t.Fatal(err)
		}
		if err := x.persistRoot(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	return ws, cache, segmentsOnDisk(t, ws, cache)
}

// segmentsOnDisk is how many segments a lazy open of the index finds.
func segmentsOnDisk(t *testing.T, ws, cache string) int {
	t.Helper()
	y := openReady(t, Options{Workspace: ws, CacheDir: cache, NoWatch: true, LazyMerge: true})
	n := segmentsOf(t, y)
	if err := y.Close(); err != nil {
		t.Fatal(err)
	}
	return n
}

func segmentsOf(t *testing.T, x *Index) int {
	t.Helper()
	n, err := x.segments()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// mergesPlanned is how many merge passes of x's scorch found work.
func mergesPlanned(t *testing.T, x *Index) uint64 {
	t.Helper()
	adv, err := x.idx.Advanced()
	if err != nil {
		t.Fatal(err)
	}
	return atomic.LoadUint64(&adv.(*scorch.Scorch).Stats().(*scorch.Stats).TotFileMergePlanOk)
}

// A one-shot over an unchanged tree merges nothing, and Compact leaves
// the index in fewer segments, on disk for the next open.
func TestLazyMergeWaitsForCompact(t *testing.T) {
	ws, cache, _ := manySegments(t, 20)
	open := func() *Index {
		return openReady(t, Options{Workspace: ws, CacheDir: cache, NoWatch: true, LazyMerge: true})
	}
	x := open()
	built := segmentsOf(t, x)
	if built < 4 {
		t.Fatalf("the build left %d segments; the test needs several", built)
	}
	if got := search(t, x, "word7"); got.Total != 1 {
		t.Fatalf("word7: %d hits", got.Total)
	}
	if n := mergesPlanned(t, x); n != 0 {
		t.Errorf("a lazy open of an unchanged index planned %d merges", n)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	y := open()
	if n := segmentsOf(t, y); n != built {
		t.Errorf("after a lazy open the index holds %d segments, not %d", n, built)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := y.Compact(ctx); err != nil {
		t.Fatal(err)
	}
	compact := segmentsOf(t, y)
	if compact >= built {
		t.Fatalf("Compact left %d segments of %d", compact, built)
	}
	if err := y.Close(); err != nil {
		t.Fatal(err)
	}
	z := open()
	if n := segmentsOf(t, z); n != compact {
		t.Errorf("reopened, the index holds %d segments, not the %d Compact left", n, compact)
	}
	if got := search(t, z, "word19"); got.Total != 1 {
		t.Errorf("word19 after Compact: %d hits", got.Total)
	}
}

// A lazy index does not grow without bound: opened past the bound, its
// build compacts it.
func TestLazyMergeCompactsPastTheBound(t *testing.T) {
	ws, cache, unbounded := manySegments(t, 20)
	if unbounded <= 3 {
		t.Fatalf("the index holds %d segments; the test needs more than 3", unbounded)
	}
	defer func(n int) { lazySegments = n }(lazySegments)
	lazySegments = 3
	// How few segments the compaction leaves is bleve's merge plan's to say.
	if bounded := segmentsOnDisk(t, ws, cache); bounded >= unbounded {
		t.Errorf("opened past the bound %d, the index still holds %d segments of %d", lazySegments, bounded, unbounded)
	}
}
