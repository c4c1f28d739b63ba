package knowledge

import (
	"fmt"
	"sort"

	"github.com/blevesearch/bleve/v2/index/scorch"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// The query side of pair sketches (analysis/pairs.go): the candidates
// whose stored sketch rules out a phrase (its keys: query.PhrasePairs).

// ruledOutBy marks the ranked documents whose stored pair sketch lacks
// one of keys; a document stored without one (too many pairs, or no
// text) may hold anything.
func ruledOutBy(snap *scorch.IndexSnapshot, ranked []scoredDoc, keys []uint64) ([]bool, error) {
	segs := snap.Segments()
	starts := make([]uint64, len(segs))
	var n uint64
	for i, s := range segs {
		starts[i] = n
		n += s.Segment().Count()
	}
	out := make([]bool, len(ranked))
	err := inHalves(len(ranked), func(lo, hi int) error {
		for i := lo; i < hi; i++ {
			d := ranked[i].doc
			seg := sort.Search(len(starts), func(j int) bool { return starts[j] > d }) - 1
			err := segs[seg].VisitDocument(d-starts[seg], func(field string, _ byte, v []byte, _ []uint64) bool {
				if field == fieldPairs {
					out[i] = !analysis.SketchHolds(v, keys)
					return false
				}
				return true
			})
			if err != nil {
				return fmt.Errorf("knowledge: pair sketch of document %d: %w", d, err)
			}
		}
		return nil
	})
	return out, err
}
