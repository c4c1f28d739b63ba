package rank

import "sync"

// scoredDoc is a hit by its number in the snapshot (bleve's internal id),
// which breaks ties between equal scores as bleve's collector does.
type scoredDoc struct {
	score float64
	doc   uint64
}

// worse: ranks below o (lower score; on a tie, later in the index).
func (d scoredDoc) worse(o scoredDoc) bool {
	if d.score != o.score {
		return d.score < o.score
	}
	return d.doc > o.doc
}

// topHits keeps the want best hits in a heap whose root is the worst.
// It sifts by itself: container/heap took each hit as an interface, an
// allocation per candidate, and a phrase's query offers thousands.
type topHits struct {
	hits []scoredDoc
	want int
	buf  *[]scoredDoc // where hits came from, for release
}

// heapBufs recycles the buffers of the heaps that each core fills with
// its share's best hits: they are garbage once merged, and a phrase's
// hold thousands of candidates.
// A buffer starts small: most queries keep a few dozen.
var heapBufs = sync.Pool{New: func() any { b := make([]scoredDoc, 0, 64); return &b }}

func newTopHits(want int) topHits {
	bp := heapBufs.Get().(*[]scoredDoc)
	return topHits{hits: (*bp)[:0], want: want, buf: bp}
}

// release hands the heap's buffer back for reuse, and empties the heap.
func (h *topHits) release() {
	if h.buf != nil {
		*h.buf = h.hits[:0]
		heapBufs.Put(h.buf)
	}
	*h = topHits{}
}

func (h *topHits) offer(d scoredDoc) {
	if len(h.hits) < h.want {
		h.hits = append(h.hits, d)
		h.up(len(h.hits) - 1)
		return
	}
	if h.hits[0].worse(d) {
		h.hits[0] = d
		h.down(0, len(h.hits))
	}
}

func (h *topHits) up(i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if !h.hits[i].worse(h.hits[parent]) {
			return
		}
		h.hits[i], h.hits[parent] = h.hits[parent], h.hits[i]
		i = parent
	}
}

// down sifts hits[i] down within the heap's first n hits.
func (h *topHits) down(i, n int) {
	for {
		child := 2*i + 1
		if child >= n {
			return
		}
		if right := child + 1; right < n && h.hits[right].worse(h.hits[child]) {
			child = right
		}
		if !h.hits[child].worse(h.hits[i]) {
			return
		}
		h.hits[i], h.hits[child] = h.hits[child], h.hits[i]
		i = child
	}
}

// sorted empties the heap into best-first order, in place: the worst
// goes to the end, then the next worst before it.
func (h *topHits) sorted() []scoredDoc {
	out := h.hits
	for n := len(out) - 1; n > 0; n-- {
		out[0], out[n] = out[n], out[0]
		h.down(0, n)
	}
	h.hits = nil
	return out
}
