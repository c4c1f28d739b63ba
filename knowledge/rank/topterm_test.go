package rank

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
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
			ids, scores, total, err := TopTerm(ctx, snap, fieldContent, term, size, from)
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

// TestTopTermNumbersDocumentsAsBleve: equal scores rank by bleve's
// document numbers, which count a segment's deleted documents too. Ten
// files of the same text in each of two segments, five of the first
// deleted: the first page is the first segment's five live ones.
func TestTopTermNumbersDocumentsAsBleve(t *testing.T) {
	idx := newStore(t)
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
	snap := snapshot(t, idx)
	if n := len(snap.Segments()); n != 2 {
		t.Fatalf("%d segments; the test needs the two batches apart", n)
	}
	ctx := withBM25(context.Background())
	ids, _, total, err := TopTerm(ctx, snap, fieldContent, "alpha", 5, 0)
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
	idx := newStore(t)
	indexDocs(t, idx, map[string]string{"a.txt": "alpha\n"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, _, err := TopTerm(ctx, snapshot(t, idx), fieldContent, "alpha", 10, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}
