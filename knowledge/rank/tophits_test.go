package rank

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// topHits keeps the want best of any stream, best first, ties broken by
// the earlier document, as a full sort would rank them.
func TestTopHitsKeepsTheBest(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct{ n, want, scores int }{
		{0, 5, 3}, {1, 5, 3}, {5, 5, 3}, {100, 5, 3}, {100, 64, 10}, {1000, 300, 7}, {1000, 4096, 50}, {50, 1, 2},
	} {
		var all []scoredDoc
		h := newTopHits(tc.want)
		for _, doc := range rng.Perm(tc.n) {
			d := scoredDoc{score: float64(rng.IntN(tc.scores)), doc: uint64(doc)}
			all = append(all, d)
			h.offer(d)
		}
		slices.SortFunc(all, func(a, b scoredDoc) int {
			switch {
			case b.worse(a):
				return -1
			case a.worse(b):
				return 1
			}
			return 0
		})
		want := all[:min(len(all), tc.want)]
		if got := h.sorted(); !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("n %d want %d: got %v\nwant %v", tc.n, tc.want, got, want)
		}
	}
}
