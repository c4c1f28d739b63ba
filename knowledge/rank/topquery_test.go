package rank

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"testing"

	bleveq "github.com/blevesearch/bleve/v2/search/query"
)

// TestTopQueryRanksAsBleve: a query of terms, its searcher run over any
// number of shares of the document numbers, gives bleve's own hits,
// scores, order (ties included) and total over an index of several
// segments holding deleted documents, for every page; and all its hits
// from the page's start when there are at most whole.
func TestTopQueryRanksAsBleve(t *testing.T) {
	snap := churnedSnapshot(t)
	ctx := context.Background()
	bm25Ctx := withBM25(ctx)
	boosted := func(q *bleveq.TermQuery) *bleveq.TermQuery { q.SetBoost(3); return q }
	queries := map[string]bleveq.Query{
		"two words": bleveq.NewConjunctionQuery([]bleveq.Query{termQuery("alpha", fieldContent), termQuery("beta0", fieldContent)}),
		"content or path": bleveq.NewDisjunctionQuery([]bleveq.Query{termQuery("gamma", fieldContent),
			boosted(termQuery("f001", fieldPath))}),
		"nested": bleveq.NewConjunctionQuery([]bleveq.Query{termQuery("omega", fieldContent),
			bleveq.NewDisjunctionQuery([]bleveq.Query{termQuery("alpha", fieldContent), boosted(termQuery("txt", fieldPath))})}),
		"everything": bleveq.NewMatchAllQuery(),
		"none":       bleveq.NewConjunctionQuery([]bleveq.Query{termQuery("alpha", fieldContent), termQuery("absent", fieldContent)}),
	}
	// The shape of a phrase's query: its words, and any of the terms its
	// open last word begins, each scored lightly.
	light := func(q *bleveq.TermQuery) *bleveq.TermQuery { q.SetBoost(1e-3); return q }
	queries["phrase"] = bleveq.NewConjunctionQuery([]bleveq.Query{
		bleveq.NewConjunctionQuery([]bleveq.Query{termQuery("omega1", fieldContent),
			bleveq.NewDisjunctionQuery([]bleveq.Query{termQuery("delta0", fieldContent), termQuery("delta1", fieldContent)})}),
		light(termQuery("omega1", fieldContent))})
	for name, q := range queries {
		if !BuiltOfTerms(q) {
			t.Fatalf("%s: not seen as built of terms", name)
		}
		_, all := bleveTop(t, bm25Ctx, snap, q, 0, 0)
		for _, shares := range []int{1, 2, 3, 7} {
			for _, page := range [][3]int{{20, 0, 0}, {5, 0, 0}, {10, 7, 0}, {300, 0, 0}, {10, 500, 0}, {0, 0, 0},
				{10, 0, 100}, {10, 3, 100}, {10, 0, 1000}} {
				size, from, whole := page[0], page[1], page[2]
				list, err := TopQuery(ctx, snap, testMapping(), q, StoredCheck{}, size, from, whole, shares)
				ids, scores, total := list.IDs, list.Scores, list.Total
				if err != nil {
					t.Fatal(err)
				}
				if all <= whole {
					size = all
				}
				hits, bleveTotal := bleveTop(t, bm25Ctx, snap, q, size, from)
				sameAsBleve(t, fmt.Sprintf("%s, %d shares, size %d from %d, whole %d", name, shares, size, from, whole),
					ids, scores, total, hits, bleveTotal)
				if name != "none" && total < 2 {
					t.Fatalf("%s: %d hits; the test wants common words", name, total)
				}
			}
		}
	}
}

// TestBuiltOfTerms: queries whose searchers expand terms from the
// dictionaries go to bleve's one searcher.
func TestBuiltOfTerms(t *testing.T) {
	prefix := bleveq.NewPrefixQuery("alp")
	tests := []struct {
		name string
		q    bleveq.Query
		want bool
	}{
		{"term", termQuery("alpha", fieldContent), true},
		{"prefix", prefix, false},
		{"fuzzy", bleveq.NewFuzzyQuery("alpha"), false},
		{"conjunction holding a prefix", bleveq.NewConjunctionQuery([]bleveq.Query{termQuery("a", fieldContent), prefix}), false},
		{"disjunction holding a wildcard", bleveq.NewDisjunctionQuery([]bleveq.Query{termQuery("a", fieldContent), bleveq.NewWildcardQuery("*a*")}), false},
		{"disjunction of terms", bleveq.NewDisjunctionQuery([]bleveq.Query{termQuery("a", fieldContent), termQuery("b", fieldPath)}), true},
	}
	for _, tt := range tests {
		if got := BuiltOfTerms(tt.q); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestTopQueryStopsWhenCancelled: a cancelled query returns the
// context's error, not a partial page.
func TestTopQueryStopsWhenCancelled(t *testing.T) {
	idx := newStore(t)
	indexDocs(t, idx, map[string]string{"a.txt": "alpha beta\n"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	q := bleveq.NewConjunctionQuery([]bleveq.Query{termQuery("alpha", fieldContent), termQuery("beta", fieldContent)})
	if _, err := TopQuery(ctx, snapshot(t, idx), testMapping(), q, StoredCheck{}, 10, 0, 0, 1); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

// TestExternalIDsNamesEveryDocument: thousands of ranked documents are
// named in two halves at once; each keeps its own id and score.
func TestExternalIDsNamesEveryDocument(t *testing.T) {
	snap := churnedSnapshot(t)
	var live []uint64
	var offset uint64
	for _, s := range snap.Segments() {
		for n := range s.Segment().Count() {
			if d := s.Deleted(); d == nil || !d.Contains(uint32(n)) {
				live = append(live, offset+n)
			}
		}
		offset += s.Segment().Count()
	}
	var ranked []scoredDoc
	for i := range 1500 {
		ranked = append(ranked, scoredDoc{doc: live[i%len(live)], score: float64(i)})
	}
	ids, scores, err := externalIDs(snap, ranked)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range ranked {
		var buf [8]byte
		binary.BigEndian.PutUint64(buf[:], d.doc)
		want, err := snap.ExternalID(buf[:])
		if err != nil {
			t.Fatal(err)
		}
		if ids[i] != want || scores[i] != d.score {
			t.Fatalf("document %d: named %q with %v, want %q with %v", i, ids[i], scores[i], want, d.score)
		}
	}
}
