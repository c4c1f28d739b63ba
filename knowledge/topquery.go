package knowledge

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	bsearch "github.com/blevesearch/bleve/v2/search"
	bleveq "github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// minRangeDocs is the fewest documents worth a searcher of their own: a
// searcher costs a dictionary lookup per term and segment to set up.
const minRangeDocs = 8192

// topQuery answers a query of terms (and conjunctions and disjunctions
// of them) as bleve's search would, with bleve's own searcher, so the
// same scores, ties in index order as its collector breaks them; but one
// searcher per core walks its share of the snapshot's document numbers
// and the shares' best hits merge at the end. Bleve walks every match on
// one core to count them; a phrase's many candidates took a large part
// of its time that way, with the other cores idle until the files could
// be read.
func (x *Index) topQuery(ctx context.Context, q bleveq.Query, pairs []uint64, size, from, whole int) (ranking, error) {
	r, snap, err := x.snapshot()
	if err != nil {
		return ranking{}, err
	}
	defer r.Close()
	shares := max(1, min(runtime.GOMAXPROCS(0), int(docNumbers(snap)/minRangeDocs)))
	return topQueryIn(ctx, snap, x.idx.Mapping(), q, pairs, size, from, whole, shares)
}

// ranking is a page of an index query's hits, best first, and how many
// there are in all.
type ranking struct {
	ids    []string
	scores []float64
	// ruledOut marks the candidates whose pair sketch lacks one of a
	// phrase's pairs (pairs.go); nil when none were looked at.
	ruledOut []bool
	total    int
}

// builtOfTerms: q is term queries joined by conjunctions and
// disjunctions, whose searchers are cheap to set up once per share (a
// prefix or fuzzy query expands its terms from every dictionary).
func builtOfTerms(q bleveq.Query) bool {
	switch q := q.(type) {
	case *bleveq.TermQuery, *bleveq.MatchAllQuery, *bleveq.MatchNoneQuery:
		return true
	case *bleveq.ConjunctionQuery:
		return !slices.ContainsFunc(q.Conjuncts, notBuiltOfTerms)
	case *bleveq.DisjunctionQuery:
		return !slices.ContainsFunc(q.Disjuncts, notBuiltOfTerms)
	case *bleveq.BooleanQuery: // what a negated filter makes
		parts := []bleveq.Query{q.Must, q.Should, q.MustNot}
		return q.Filter == nil && !slices.ContainsFunc(parts, func(p bleveq.Query) bool { return p != nil && !builtOfTerms(p) })
	}
	return false
}

func notBuiltOfTerms(q bleveq.Query) bool { return !builtOfTerms(q) }

// snapshot is the index's current scorch snapshot, held until r closes.
func (x *Index) snapshot() (r index.IndexReader, snap *scorch.IndexSnapshot, err error) {
	if r, err = x.reader(); err != nil {
		return nil, nil, err
	}
	snap, ok := r.(*scorch.IndexSnapshot)
	switch {
	case !ok:
		r.Close()
		return nil, nil, errNotScorch
	case snap == nil: // a closed index has no snapshot
		return nil, nil, fmt.Errorf("knowledge: search: %w", bleve.ErrorIndexClosed)
	}
	return r, snap, nil
}

// topQueryIn splits snap's document numbers into shares. When the query
// has at most whole hits, it returns all of them, from from: a caller
// that may need them all is spared a second pass. With pairs (a
// phrase's), the hits whose pair sketch lacks one are marked.
func topQueryIn(ctx context.Context, snap *scorch.IndexSnapshot, m mapping.IndexMapping, q bleveq.Query, pairs []uint64, size, from, whole, shares int) (ranking, error) {
	ctx = withBM25(ctx)
	docs := docNumbers(snap)
	want := size + from
	keep := max(want, whole)
	heaps := make([]topHits, shares)
	counts := make([]uint64, shares)
	errs := make([]error, shares)
	var wg sync.WaitGroup
	for i := range shares {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lo, hi := docs*uint64(i)/uint64(shares), docs*uint64(i+1)/uint64(shares)
			heaps[i], counts[i], errs[i] = collectRange(ctx, snap, m, q, lo, hi, keep)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return ranking{}, err
	}
	list := ranking{}
	for _, n := range counts {
		list.total += int(n)
	}
	if list.total > whole {
		keep = want
	}
	ranked := mergeTop(heaps, keep)
	if from >= len(ranked) {
		return list, nil
	}
	var err error
	if list.ids, list.scores, err = externalIDs(snap, ranked[from:]); err != nil {
		return list, err
	}
	if len(pairs) > 0 {
		list.ruledOut, err = ruledOutBy(snap, ranked[from:], pairs)
	}
	return list, err
}

// withBM25 puts in ctx the scoring model bleve's search puts there,
// which its term searchers read.
func withBM25(ctx context.Context) context.Context {
	return context.WithValue(ctx, bsearch.GetScoringModelCallbackKey,
		bsearch.GetScoringModelCallbackFn(func() string { return index.BM25Scoring }))
}

// externalIDs names the ranked documents, in two halves at once when
// there are thousands (a phrase's candidates).
func externalIDs(snap *scorch.IndexSnapshot, ranked []scoredDoc) ([]string, []float64, error) {
	ids, scores := make([]string, len(ranked)), make([]float64, len(ranked))
	err := inHalves(len(ranked), func(lo, hi int) error {
		var buf [8]byte
		for i := lo; i < hi; i++ {
			binary.BigEndian.PutUint64(buf[:], ranked[i].doc)
			id, err := snap.ExternalID(buf[:])
			if err != nil {
				return fmt.Errorf("knowledge: id of document %d: %w", ranked[i].doc, err)
			}
			ids[i], scores[i] = id, ranked[i].score
		}
		return nil
	})
	return ids, scores, err
}

// inHalves runs f over [0, n), in two halves at once from 1,024 on.
func inHalves(n int, f func(lo, hi int) error) error {
	if n < 1024 {
		return f(0, n)
	}
	half := n / 2
	var errFirst error
	var wg sync.WaitGroup
	wg.Go(func() { errFirst = f(0, half) })
	errSecond := f(half, n)
	wg.Wait()
	return errors.Join(errFirst, errSecond)
}

// docNumbers is how many document numbers snap uses: bleve numbers its
// segments' documents one after another, deleted ones included.
func docNumbers(snap *scorch.IndexSnapshot) uint64 {
	var n uint64
	for _, s := range snap.Segments() {
		n += s.Segment().Count()
	}
	return n
}

// collectRange runs q's searcher over the document numbers [lo, hi),
// keeping the want best hits, and counts the hits.
func collectRange(ctx context.Context, snap *scorch.IndexSnapshot, m mapping.IndexMapping, q bleveq.Query, lo, hi uint64, want int) (topHits, uint64, error) {
	h := newTopHits(want)
	s, err := q.Searcher(ctx, snap, m, bsearch.SearcherOptions{})
	if err != nil {
		return h, 0, fmt.Errorf("knowledge: search: %w", err)
	}
	defer s.Close()
	sctx := &bsearch.SearchContext{
		DocumentMatchPool: bsearch.NewDocumentMatchPool(s.DocumentMatchPoolSize()+1, 0),
		IndexReader:       snap,
	}
	var d *bsearch.DocumentMatch
	if lo == 0 {
		d, err = s.Next(sctx)
	} else {
		var start [8]byte
		binary.BigEndian.PutUint64(start[:], lo)
		d, err = s.Advance(sctx, start[:])
	}
	var n uint64
	for ; err == nil && d != nil; d, err = s.Next(sctx) {
		sd := scoredDoc{score: d.Score, doc: binary.BigEndian.Uint64(d.IndexInternalID)}
		sctx.DocumentMatchPool.Put(d)
		if sd.doc >= hi {
			break
		}
		if n%1024 == 0 && ctx.Err() != nil {
			return h, 0, ctx.Err()
		}
		n++
		if want > 0 && (len(h.hits) < want || h.hits[0].worse(sd)) {
			h.offer(sd)
		}
	}
	if err != nil {
		return h, 0, fmt.Errorf("knowledge: search: %w", err)
	}
	return h, n, nil
}

// extended is the list with the next page of candidates after it.
func (l ranking) extended(more ranking) ranking {
	n := len(l.ids)
	l.ids, l.scores = append(l.ids, more.ids...), append(l.scores, more.scores...)
	if l.ruledOut != nil || more.ruledOut != nil {
		marks := make([]bool, len(l.ids))
		copy(marks, l.ruledOut)
		copy(marks[n:], more.ruledOut)
		l.ruledOut = marks
	}
	return l
}

// from is the list without its first i candidates.
func (l ranking) from(i int) ranking {
	l.ids, l.scores = l.ids[i:], l.scores[i:]
	if l.ruledOut != nil {
		l.ruledOut = l.ruledOut[i:]
	}
	return l
}
