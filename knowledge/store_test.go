package knowledge

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2/index/scorch"
)

// manySegments writes n files and indexes them a file per batch, so the
// index is left in many segments; it returns the workspace and cache.
func manySegments(t *testing.T, n int, lazy bool) (ws, cache string, segs int) {
	t.Helper()
	ws, cache = t.TempDir(), t.TempDir()
	for i := range n {
		write(t, ws, fmt.Sprintf("f%03d.txt", i), fmt.Sprintf("word%d %s\n", i, strings.Repeat("filler ", 300)))
	}
	x := openReady(t, Options{Workspace: ws, CacheDir: cache, NoWatch: true, LazyMerge: lazy, BatchBytes: 1})
	segs = segmentsOf(t, x)
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	return ws, cache, segs
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
	ws, cache, _ := manySegments(t, 40, true)
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
	if got := search(t, z, "word39"); got.Total != 1 {
		t.Errorf("word39 after Compact: %d hits", got.Total)
	}
}

// A lazy index does not grow without bound: past the bound, its build
// compacts it.
func TestLazyMergeCompactsPastTheBound(t *testing.T) {
	_, _, unbounded := manySegments(t, 40, true)
	defer func(n int) { lazySegments = n }(lazySegments)
	lazySegments = 3
	_, _, bounded := manySegments(t, 40, true)
	if unbounded <= lazySegments {
		t.Fatalf("the unbounded build left %d segments; the test needs more than %d", unbounded, lazySegments)
	}
	if bounded > lazySegments {
		t.Errorf("a lazy build left %d segments, past the bound %d (%d without it)", bounded, lazySegments, unbounded)
	}
}
