package knowledge

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/blevesearch/bleve/v2"
	bleveq "github.com/blevesearch/bleve/v2/search/query"

	"github.com/hearth-agent/hearth/knowledge/rank"
)

// The queries the index makes of words and phrases are built of terms,
// so the parallel ranking answers them (package rank), with bleve's own
// hits, scores and total on the index's mapping.
func TestTranslatedQueriesRankAsBleve(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	words := []string{"alpha", "beta", "gamma", "delta", "omega"}
	files := map[string]string{}
	for i := range 120 {
		text := ""
		for range 1 + rng.IntN(40) {
			text += words[rng.IntN(len(words))] + fmt.Sprint(rng.IntN(3)) + " " + words[rng.IntN(len(words))] + "\n"
		}
		files[fmt.Sprintf("f%03d.txt", i)] = text
	}
	x := openFiles(t, files)
	ctx := context.Background()
	for _, s := range []string{`alpha beta0`, `"alpha beta"`, `"omega1 delta"`, `gamma path:f0`} {
		pq, err := parseQuery(s)
		if err != nil {
			t.Fatal(err)
		}
		pq.dict = &indexDict{x: x, ctx: ctx}
		q := pq.bleveQuery()
		if !rank.BuiltOfTerms(q) {
			t.Fatalf("%s: not seen as built of terms", s)
		}
		for _, page := range [][2]int{{20, 0}, {5, 3}, {300, 0}} {
			size, from := page[0], page[1]
			list, err := x.topQuery(ctx, q, nil, size, from, 0)
			if err != nil {
				t.Fatal(err)
			}
			sr, err := x.idx.SearchInContext(ctx, bleve.NewSearchRequestOptions(q, size, from, false))
			if err != nil {
				t.Fatal(err)
			}
			if list.Total != int(sr.Total) || len(list.IDs) != len(sr.Hits) {
				t.Fatalf("%s size %d from %d: %d of %d hits, bleve %d of %d", s, size, from, len(list.IDs), list.Total, len(sr.Hits), sr.Total)
			}
			for i, h := range sr.Hits {
				if list.IDs[i] != h.ID || list.Scores[i] != h.Score {
					t.Fatalf("%s size %d from %d: hit %d is %s %v, bleve's %s %v", s, size, from, i, list.IDs[i], list.Scores[i], h.ID, h.Score)
				}
			}
			if list.Total < 2 {
				t.Fatalf("%s: %d hits; the test wants common words", s, list.Total)
			}
		}
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
