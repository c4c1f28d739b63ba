package rank

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	bsearch "github.com/blevesearch/bleve/v2/search"
	bleveq "github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// minRangeDocs is the fewest documents worth a searcher of their own: a
// searcher costs a dictionary lookup per term and segment to set up.
const minRangeDocs = 8192

// TopQuery answers a query of terms (and conjunctions and disjunctions
// of them) as bleve's search would, with bleve's own searcher, so the
// same scores, ties in index order as its collector breaks them; but one
// searcher per core walks its share of the snapshot's document numbers
// and the shares' best hits merge at the end. Bleve walks every match on
// one core to count them; a phrase's many candidates took a large part
// of its time that way, with the other cores idle until the files could
// be read.
//
// The query runs over shares of the snapshot's document numbers (see
// Shares). When it has at most whole hits, TopQuery returns all of them,
// from from: a caller that may need them all is spared a second pass.
// With a check (a phrase's pairs), the hits it rules out are marked.
func TopQuery(ctx context.Context, snap *scorch.IndexSnapshot, m mapping.IndexMapping, q bleveq.Query, check StoredCheck, size, from, whole, shares int) (Ranking, error) {
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
		return Ranking{}, err
	}
	list := Ranking{}
	for _, n := range counts {
		list.Total += int(n)
	}
	if list.Total > whole {
		keep = want
	}
	ranked := mergeTop(heaps, keep)
	if from >= len(ranked) {
		return list, nil
	}
	var err error
	if list.IDs, list.Scores, err = externalIDs(snap, ranked[from:]); err != nil {
		return list, err
	}
	if check.Holds != nil {
		list.RuledOut, err = ruledOutBy(snap, ranked[from:], check)
	}
	return list, err
}

// Shares is how many shares of snap's document numbers TopQuery is worth
// running over: one per core, each of at least minRangeDocs documents.
func Shares(snap *scorch.IndexSnapshot) int {
	return max(1, min(runtime.GOMAXPROCS(0), int(docNumbers(snap)/minRangeDocs)))
}

// Ranking is a page of an index query's hits, best first, and how many
// there are in all.
type Ranking struct {
	IDs    []string
	Scores []float64
	// RuledOut marks the candidates a StoredCheck ruled out; nil when
	// none were looked at.
	RuledOut []bool
	Total    int
}

// BuiltOfTerms: q is term queries joined by conjunctions and
// disjunctions, whose searchers are cheap to set up once per share (a
// prefix or fuzzy query expands its terms from every dictionary).
func BuiltOfTerms(q bleveq.Query) bool {
	switch q := q.(type) {
	case *bleveq.TermQuery, *bleveq.MatchAllQuery, *bleveq.MatchNoneQuery:
		return true
	case *bleveq.ConjunctionQuery:
		return !slices.ContainsFunc(q.Conjuncts, notBuiltOfTerms)
	case *bleveq.DisjunctionQuery:
		return !slices.ContainsFunc(q.Disjuncts, notBuiltOfTerms)
	case *bleveq.BooleanQuery: // what a negated filter makes
		parts := []bleveq.Query{q.Must, q.Should, q.MustNot}
		return q.Filter == nil && !slices.ContainsFunc(parts, func(p bleveq.Query) bool { return p != nil && !BuiltOfTerms(p) })
	}
	return false
}

func notBuiltOfTerms(q bleveq.Query) bool { return !BuiltOfTerms(q) }

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

// Extended is the list with the next page of candidates after it.
func (l Ranking) Extended(more Ranking) Ranking {
	n := len(l.IDs)
	l.IDs, l.Scores = append(l.IDs, more.IDs...), append(l.Scores, more.Scores...)
	if l.RuledOut != nil || more.RuledOut != nil {
		marks := make([]bool, len(l.IDs))
		copy(marks, l.RuledOut)
		copy(marks[n:], more.RuledOut)
		l.RuledOut = marks
	}
	return l
}

// From is the list without its first i candidates.
func (l Ranking) From(i int) Ranking {
	l.IDs, l.Scores = l.IDs[i:], l.Scores[i:]
	if l.RuledOut != nil {
		l.RuledOut = l.RuledOut[i:]
	}
	return l
}
