package knowledge

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"testing"

	"github.com/blevesearch/bleve/v2"
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
	boosted := func(q *bleveq.TermQuery) *bleveq.TermQuery { q.SetBoost(pathBoost); return q }
	queries := map[string]bleveq.Query{
		"two words": bleveq.NewConjunctionQuery([]bleveq.Query{termQuery("alpha", fieldContent), termQuery("beta0", fieldContent)}),
		"content or path": bleveq.NewDisjunctionQuery([]bleveq.Query{termQuery("gamma", fieldContent),
			boosted(termQuery("f001", fieldPath))}),
		"nested": bleveq.NewConjunctionQuery([]bleveq.Query{termQuery("omega", fieldContent),
			bleveq.NewDisjunctionQuery([]bleveq.Query{termQuery("alpha", fieldContent), boosted(termQuery("txt", fieldPath))})}),
		"everything": bleveq.NewMatchAllQuery(),
		"none":       bleveq.NewConjunctionQuery([]bleveq.Query{termQuery("alpha", fieldContent), termQuery("absent", fieldContent)}),
	}
	for _, s := range []string{`alpha beta0`, `"alpha beta"`, `"omega1 delta"`} {
		pq, err := parseQuery(s)
		if err != nil {
			t.Fatal(err)
		}
		pq.dict = prefixDict(func(prefix string, max int) ([]string, bool) {
			return termsWithPrefix(snap, fieldContent, prefix, max)
		})
		queries[s] = pq.bleveQuery()
	}
	for name, q := range queries {
		if !builtOfTerms(q) {
			t.Fatalf("%s: not seen as built of terms", name)
		}
		_, all := bleveTop(t, bm25Ctx, snap, q, 0, 0)
		for _, shares := range []int{1, 2, 3, 7} {
			for _, page := range [][3]int{{20, 0, 0}, {5, 0, 0}, {10, 7, 0}, {300, 0, 0}, {10, 500, 0}, {0, 0, 0},
				{10, 0, 100}, {10, 3, 100}, {10, 0, 1000}} {
				size, from, whole := page[0], page[1], page[2]
				list, err := topQueryIn(ctx, snap, newMapping(), q, nil, size, from, whole, shares)
				ids, scores, total := list.ids, list.scores, list.total
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
		if got := builtOfTerms(tt.q); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestTopQueryStopsWhenCancelled: a cancelled query returns the
// context's error, not a partial page.
func TestTopQueryStopsWhenCancelled(t *testing.T) {
	ws := t.TempDir()
	write(t, ws, "a.txt", "alpha beta\n")
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	q := bleveq.NewConjunctionQuery([]bleveq.Query{termQuery("alpha", fieldContent), termQuery("beta", fieldContent)})
	if _, err := x.topQuery(ctx, q, nil, 10, 0, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

// TestTopSearchesOfAClosedIndex: a closed index has no snapshot to read;
// both parallel searches say so rather than crash.
func TestTopSearchesOfAClosedIndex(t *testing.T) {
	ws := t.TempDir()
	write(t, ws, "a.txt", "alpha beta\n")
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, _, _, err := x.topTerm(ctx, fieldContent, "alpha", 10, 0); !errors.Is(err, bleve.ErrorIndexClosed) {
		t.Errorf("term: got %v, want bleve.ErrorIndexClosed", err)
	}
	if _, err := x.topQuery(ctx, bleveq.NewMatchAllQuery(), nil, 10, 0, 0); !errors.Is(err, bleve.ErrorIndexClosed) {
		t.Errorf("query: got %v, want bleve.ErrorIndexClosed", err)
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
