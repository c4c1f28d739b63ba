package rank

import (
	"testing"

	bsearch "github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/scorer"
	index "github.com/blevesearch/bleve_index_api"
)

// The cached scoring gives bleve's term scorer's score to the last bit,
// for lengths in and beyond the cache, and a pooled cache made for one
// average length is not used for another.
func TestLengthPartsScoreAsBleve(t *testing.T) {
	const docs, withTerm = 5000, 700
	for round := range 2 {
		for _, avgLen := range []float64{3, 7, 1000} {
			b := bm25{idf: newBM25(docs, withTerm, 1).idf, avgLen: avgLen}
			bleve := scorer.NewTermQueryScorer([]byte("t"), "f", 1, docs, withTerm, avgLen, bsearch.SearcherOptions{})
			ctx := &bsearch.SearchContext{DocumentMatchPool: bsearch.NewDocumentMatchPool(1, 0)}
			lp := getLengthParts(avgLen)
			for _, length := range []uint64{1, 2, 17, 999, 5000, cachedLengths - 1, cachedLengths, 70000} {
				for _, freq := range []uint64{1, 3, 64, 100} {
					want := bleve.Score(ctx, &index.TermFieldDoc{Freq: freq, Norm: normOf(length)}).Score
					if got := b.scoreWith(freq, lp.partFor(b, length)); got != want {
						t.Fatalf("round %d, average %v, length %d, freq %d: %v, bleve %v", round, avgLen, length, freq, got, want)
					}
				}
			}
			lengthPartPool.Put(lp)
		}
	}
}
