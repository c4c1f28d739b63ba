package rank

import (
	"fmt"
	"sort"

	"github.com/blevesearch/bleve/v2/index/scorch"
)

// A StoredCheck rules candidates out by a value stored with each
// document, read from the index instead of the document's file: a
// phrase's candidates whose pair sketch lacks one of its pairs cannot
// hold it. The zero StoredCheck rules nothing out.
type StoredCheck struct {
	Field string
	// Holds reports whether a document whose stored Field is v may
	// still match; a document stored without the field may hold anything.
	Holds func(v []byte) bool
}

// ruledOutBy marks the ranked documents whose stored field check.Holds
// refuses.
func ruledOutBy(snap *scorch.IndexSnapshot, ranked []scoredDoc, check StoredCheck) ([]bool, error) {
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
				if field == check.Field {
					out[i] = !check.Holds(v)
					return false
				}
				return true
			})
			if err != nil {
				return fmt.Errorf("knowledge: stored %s of document %d: %w", check.Field, d, err)
			}
		}
		return nil
	})
	return out, err
}
