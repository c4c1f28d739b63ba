package knowledge

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2/index/scorch"
	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/collector"
	bleveq "github.com/blevesearch/bleve/v2/search/query"
)

// TestTopTermRanksAsBleve: the parallel lone-term search gives bleve's
// own hits, scores and order (ties included) over an index of several
// segments holding deleted documents, for every page.
func TestTopTermRanksAsBleve(t *testing.T) {
	snap := churnedSnapshot(t)
	ctx := context.Background()
	bm25Ctx := withBM25(ctx)

	for _, term := range []string{"alpha", "beta0", "omega", "gamma2", "absent"} {
		for _, page := range [][2]int{{20, 0}, {5, 0}, {10, 7}, {300, 0}, {10, 500}} {
			size, from := page[0], page[1]
			ids, scores, total, err := topTermIn(ctx, snap, fieldContent, term, size, from)
			if err != nil {
				t.Fatal(err)
			}
			hits, bleveTotal := bleveTop(t, bm25Ctx, snap, termQuery(term, fieldContent), size, from)
			sameAsBleve(t, fmt.Sprintf("%s size %d from %d", term, size, from), ids, scores, total, hits, bleveTotal)
			if term != "absent" && from == 0 && total < 2 {
				t.Fatalf("%s: %d hits; the words should be common", term, total)
			}
		}
	}
}

// churnedSnapshot indexes 240 files of five common words, some repeating
// the one before (so scores tie), then edits and deletes every third, so
// the snapshot it returns has several segments and deleted documents.
func churnedSnapshot(t *testing.T) *scorch.IndexSnapshot {
	t.Helper()
	ws := t.TempDir()
	rng := rand.New(rand.NewPCG(5, 9))
	words := []string{"alpha", "beta", "gamma", "delta", "omega"}
	files := map[string]string{}
	for i := range 240 {
		var b strings.Builder
		// Every fourth file repeats the one before, so scores tie.
		n := 1 + rng.IntN(60)
		if i%4 == 3 {
			b.WriteString(files[fmt.Sprintf("f%03d.txt", i-1)])
		} else {
			for range n {
				b.WriteString(words[rng.IntN(len(words))] + fmt.Sprint(rng.IntN(3)) + " " + words[rng.IntN(len(words))] + "\n")
			}
		}
		files[fmt.Sprintf("f%03d.txt", i)] = b.String()
	}
	writeAll(t, ws, files)
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	ctx := context.Background()
	// Edits and deletes leave segments with deleted documents.
	for i := 0; i < 240; i += 3 {
		rel := fmt.Sprintf("f%03d.txt", i)
		p := filepath.Join(ws, rel)
		if i%2 == 0 {
			write(t, ws, rel, files[rel]+"alpha beta alpha\n")
		} else if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if err := x.Reindex(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	// Background merges change the segments (and so the order of ties)
	// between two searches: both read one snapshot.
	snap := snapshot(t, x)
	segments, deleted := 0, uint64(0)
	for _, s := range snap.Segments() {
		segments++
		if d := s.Deleted(); d != nil {
			deleted += d.GetCardinality()
		}
	}
	if segments < 2 || deleted == 0 {
		t.Fatalf("index has %d segments and %d deleted documents; the test needs several and some", segments, deleted)
	}
	return snap
}

func termQuery(term, field string) *bleveq.TermQuery {
	tq := bleveq.NewTermQuery(term)
	tq.SetField(field)
	return tq
}

// bleveTop runs bleve's own searcher and top-N collector on snap.
func bleveTop(t *testing.T, ctx context.Context, snap *scorch.IndexSnapshot, q bleveq.Query, size, from int) ([]*bsearch.DocumentMatch, int) {
	t.Helper()
	s, err := q.Searcher(ctx, snap, newMapping(), bsearch.SearcherOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := collector.NewTopNCollector(size, from, bsearch.SortOrder{&bsearch.SortScore{Desc: true}})
	if err := c.Collect(ctx, s, snap); err != nil {
		t.Fatal(err)
	}
	return c.Results(), int(c.Total())
}

// sameAsBleve fails the test unless a page (ids, scores, total) is the
// one bleve's collector gave.
func sameAsBleve(t *testing.T, what string, ids []string, scores []float64, total int, hits []*bsearch.DocumentMatch, bleveTotal int) {
	t.Helper()
	if total != bleveTotal || len(ids) != len(hits) {
		t.Fatalf("%s: %d of %d hits, bleve %d of %d", what, len(ids), total, len(hits), bleveTotal)
	}
	for i, h := range hits {
		if ids[i] != h.ID || scores[i] != h.Score {
			t.Fatalf("%s: hit %d is %s %v, bleve's %s %v", what, i, ids[i], scores[i], h.ID, h.Score)
		}
	}
}

// snapshot holds the index's current snapshot until the test ends.
func snapshot(t *testing.T, x *Index) *scorch.IndexSnapshot {
	t.Helper()
	adv, err := x.idx.Advanced()
	if err != nil {
		t.Fatal(err)
	}
	r, err := adv.Reader()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Close() })
	return r.(*scorch.IndexSnapshot)
}

// TestTopTermNumbersDocumentsAsBleve: equal scores rank by bleve's
// document numbers, which count a segment's deleted documents too. Ten
// files of the same text in each of two segments, five of the first
// deleted: the first page is the first segment's five live ones.
func TestTopTermNumbersDocumentsAsBleve(t *testing.T) {
	idx, err := createStore(filepath.Join(t.TempDir(), "index"), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	for _, prefix := range []string{"a", "b", "-a"} {
		b := idx.NewBatch()
		for i := range 10 {
			id := fmt.Sprintf("%s%d", strings.TrimPrefix(prefix, "-"), i)
			switch {
			case prefix == "-a" && i < 5:
				b.Delete(id)
			case prefix != "-a":
				if err := b.Index(id, map[string]any{fieldContent: "alpha beta"}); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := idx.Batch(b); err != nil {
			t.Fatal(err)
		}
	}
	adv, err := idx.Advanced()
	if err != nil {
		t.Fatal(err)
	}
	r, err := adv.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	snap := r.(*scorch.IndexSnapshot)
	if n := len(snap.Segments()); n != 2 {
		t.Fatalf("%d segments; the test needs the two batches apart", n)
	}
	ctx := withBM25(context.Background())
	ids, _, total, err := topTermIn(ctx, snap, fieldContent, "alpha", 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	// A batch numbers its documents in no set order: the page holds the
	// five, in the order bleve gives them.
	hits, _ := bleveTop(t, ctx, snap, termQuery("alpha", fieldContent), 5, 0)
	var bleveIDs []string
	for _, h := range hits {
		bleveIDs = append(bleveIDs, h.ID)
	}
	sorted := slices.Sorted(slices.Values(ids))
	if want := []string{"a5", "a6", "a7", "a8", "a9"}; total != 15 || !slices.Equal(sorted, want) || !slices.Equal(ids, bleveIDs) {
		t.Fatalf("got %v of %d, want %v of 15 in bleve's order %v", ids, total, want, bleveIDs)
	}
}

// TestTopTermStopsWhenCancelled: a cancelled query returns the context's
// error, not a partial page.
func TestTopTermStopsWhenCancelled(t *testing.T) {
	ws := t.TempDir()
	write(t, ws, "a.txt", "alpha\n")
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, _, err := x.topTerm(ctx, fieldContent, "alpha", 10, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}
