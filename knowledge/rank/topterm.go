package rank

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/blevesearch/bleve/v2/index/scorch"
	segment "github.com/blevesearch/scorch_segment_api/v2"
)

// TopTerm answers a lone term query the way bleve's term searcher and
// top-N collector would (the same BM25 scores, ties in index order), but
// reads the segments' postings in parallel, one worker per core, with no
// per-hit allocation. A word in every file of a big tree is a posting
// per file to score; bleve walks them on one core through a document
// match per hit, too slow for the index's latency goal. It returns the
// page's ids and scores, best first, and how many documents hold term.
func TopTerm(ctx context.Context, snap *scorch.IndexSnapshot, field, term string, size, from int) ([]string, []float64, int, error) {
	segs := snap.Segments()
	lists := make([]segment.PostingsList, len(segs))
	offsets := make([]uint64, len(segs))
	var total, next uint64
	for i, s := range segs {
		// bleve numbers documents across segments counting deleted ones
		// (SegmentSnapshot.Count leaves them out).
		offsets[i] = next
		next += s.Segment().Count()
		dict, err := s.Segment().Dictionary(field)
		if err != nil {
			return nil, nil, 0, fmt.Errorf("knowledge: dictionary of %s: %w", field, err)
		}
		if lists[i], err = dict.PostingsList([]byte(term), s.Deleted(), nil); err != nil {
			return nil, nil, 0, fmt.Errorf("knowledge: postings of %q: %w", term, err)
		}
		total += lists[i].Count()
	}
	docs, _ := snap.DocCount()
	cardinality, err := snap.FieldCardinality(field)
	if err != nil {
		return nil, nil, 0, err
	}
	bm := newBM25(docs, total, cardinality)
	want := size + from
	if want <= 0 || total == 0 {
		return nil, nil, int(total), nil
	}

	// Workers take segments biggest first, each keeping its own best
	// want hits; the heaps merge at the end.
	order := segmentsBySize(lists)
	tasks := make(chan int, len(order))
	for _, i := range order {
		tasks <- i
	}
	close(tasks)
	workers := min(runtime.GOMAXPROCS(0), len(order))
	heaps := make([]topHits, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := newTopHits(want)
			for i := range tasks {
				if err := h.collect(ctx, lists[i], offsets[i], bm); err != nil {
					errs[w] = err
					return
				}
			}
			heaps[w] = h
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, nil, 0, err
	}
	ranked := mergeTop(heaps, want)
	if from >= len(ranked) {
		return nil, nil, int(total), nil
	}
	ids, scores, err := externalIDs(snap, ranked[from:])
	return ids, scores, int(total), err
}

// segmentsBySize orders segment indexes by their number of postings,
// most first, so the last task a worker takes is a small one.
func segmentsBySize(lists []segment.PostingsList) []int {
	order := make([]int, 0, len(lists))
	for i, l := range lists {
		if l.Count() > 0 {
			order = append(order, i)
		}
	}
	// Insertion sort: a snapshot holds tens of segments.
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && lists[order[j]].Count() > lists[order[j-1]].Count(); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}

// mergeTop merges the workers' heaps into the keep best, best first,
// and releases them.
func mergeTop(heaps []topHits, keep int) []scoredDoc {
	n := 0
	for _, h := range heaps {
		n += len(h.hits)
	}
	best := topHits{hits: make([]scoredDoc, 0, min(n, keep)), want: keep}
	for i := range heaps {
		for _, d := range heaps[i].hits {
			best.offer(d)
		}
		heaps[i].release()
	}
	return best.sorted()
}

// collect scores one segment's postings into the heap, checking the
// context every few thousand postings as bleve's collector does.
func (h *topHits) collect(ctx context.Context, list segment.PostingsList, offset uint64, bm bm25) error {
	it := list.Iterator(true, true, false, nil)
	parts := getLengthParts(bm.avgLen)
	defer lengthPartPool.Put(parts)
	for n := 0; ; n++ {
		if n%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		p, err := it.Next()
		if err != nil {
			return fmt.Errorf("knowledge: reading postings: %w", err)
		}
		if p == nil {
			return nil
		}
		var part float64
		if nb, ok := p.(normBitser); ok {
			part = parts.partFor(bm, nb.NormUint64())
		} else {
			part = bm.partOf(p.Norm())
		}
		freq := p.Frequency()
		if len(h.hits) == h.want && bm.surelyBelow(freq, part, h.hits[0].score) {
			continue
		}
		score := bm.scoreWith(freq, part)
		d := scoredDoc{score: score, doc: offset + p.Number()}
		if len(h.hits) < h.want || h.hits[0].worse(d) {
			h.offer(d)
		}
	}
}
