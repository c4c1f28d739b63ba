package knowledge

import (
	"fmt"
	"sort"

	"github.com/blevesearch/bleve/v2/index/scorch"
)

// The query side of pair sketches (pairs.go): the keys a phrase needs,
// and the candidates whose stored sketch rules them out.

// phrasePairs are the keys of a phrase's pairs whose edges are known:
// the words between the first and the last are whole fields (blanks
// around them), while the first may start earlier in the file and the
// last go on, so theirs are known when they hold pairEdge bytes.
func phrasePairs(words [][]byte) []uint64 {
	var keys []uint64
	for i := 0; i+1 < len(words); i++ {
		first, second := words[i], words[i+1]
		if i == 0 && len(first) < pairEdge || i+2 == len(words) && len(second) < pairEdge {
			continue
		}
		keys = append(keys, pairKey(packEdge(first[max(0, len(first)-pairEdge):]), packEdge(second[:min(len(second), pairEdge)])))
	}
	return keys
}

// sketchHolds: every key may be among the sketch's pairs.
func sketchHolds(sketch []byte, keys []uint64) bool {
	if len(sketch) == 0 {
		return true
	}
	for _, k := range keys {
		for _, bit := range probes(k, len(sketch)*8) {
			if sketch[bit>>3]&(1<<(bit&7)) == 0 {
				return false
			}
		}
	}
	return true
}

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
					out[i] = !sketchHolds(v, keys)
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

// phrasePairs are the pair keys of the query's ASCII phrases.
func (q *parsedQuery) phrasePairs() []uint64 {
	var keys []uint64
	for _, t := range q.terms {
		if t.kind == termPhrase {
			keys = append(keys, phrasePairs(t.phrase)...)
		}
	}
	return keys
}
