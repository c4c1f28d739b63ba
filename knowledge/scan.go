package knowledge

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/blevesearch/bleve/v2"
	bleveq "github.com/blevesearch/bleve/v2/search/query"
	"github.com/hearth-agent/hearth/knowledge/match"
	"github.com/hearth-agent/hearth/knowledge/query"
	"github.com/hearth-agent/hearth/knowledge/textfile"
)

// scanSearch answers queries the index cannot (leading wildcards,
// regular expressions, punctuation-only words) by reading files, like a
// grep. Indexable terms and filters of the same query first narrow the
// files down through the index. Up to exactVerify candidates are all
// read (the total is exact, as a grep would count); beyond that, files
// are read in a fixed order (the index's, or by path) until the page is
// full and enough were read to estimate the total, so a pattern most of
// a big tree matches costs a page of reads rather than a read of the tree.
func (x *Index) scanSearch(ctx context.Context, pq *parsedQuery, limit int) (Results, error) {
	cands, err := x.scanCandidates(ctx, pq, max(exactVerify, 8*limit))
	if err != nil {
		return Results{}, err
	}
	// Workers only count matches; snippets are made for the page alone,
	// since a broad pattern can match most of the tree.
	var (
		mu      sync.Mutex
		found   []foundHit
		checked int
		wg      sync.WaitGroup
	)
	enough := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return cands.total > exactVerify && len(found) >= limit && checked >= 4*limit
	}
	type job struct {
		id    string
		order int
	}
	work := make(chan job)
	for range 2 * max(1, runtime.GOMAXPROCS(0)) { // extra workers overlap file I/O
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				h, ok := x.scanFile(j.id, pq)
				mu.Lock()
				checked++
				if ok {
					found = append(found, foundHit{h, j.order})
				}
				mu.Unlock()
			}
		}()
	}
	var fetchErr error
feed:
	for i := 0; !enough(); i++ {
		if i == len(cands.ids) {
			if fetchErr = cands.fetch(ctx); fetchErr != nil || i == len(cands.ids) {
				break
			}
		}
		select {
		case work <- job{cands.ids[i], i}:
		case <-ctx.Done():
			break feed
		}
	}
	close(work)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return Results{}, err
	}
	if fetchErr != nil {
		return Results{}, fetchErr
	}
	res := Results{Total: len(found), Scanned: true}
	if checked < cands.total {
		// How far the workers got past the stopping point depends on
		// timing: keep the shortest prefix of candidates that meets the
		// stopping rule, so the page is the same on every run.
		found, checked = stoppingPrefix(found, limit)
		res.Approx = true
		res.Total = max(len(found), int(float64(len(found))*float64(cands.total)/float64(max(checked, 1))))
	}
	hits := make([]Hit, len(found))
	for i, f := range found {
		hits[i] = f.Hit
	}
	sortHits(hits)
	if len(hits) > limit {
		hits = hits[:limit]
	}
	var snip sync.WaitGroup
	for i := range hits {
		snip.Go(func() { x.scanSnippet(&hits[i], pq) })
	}
	snip.Wait()
	res.Hits = hits
	return res, nil
}

// foundHit is a scan's hit and its file's place among the candidates.
type foundHit struct {
	Hit
	order int
}

// stoppingPrefix keeps the hits among the shortest prefix of candidates
// holding limit hits and at least 4×limit files (every file of a fed
// prefix was read), and returns them with the prefix's length.
func stoppingPrefix(found []foundHit, limit int) ([]foundHit, int) {
	slices.SortFunc(found, func(a, b foundHit) int { return a.order - b.order })
	n := 4 * limit
	if len(found) >= limit {
		n = max(n, found[limit-1].order+1)
	}
	kept := found[:0]
	for _, f := range found {
		if f.order < n {
			kept = append(kept, f)
		}
	}
	return kept, n
}

// scanFile reads one file and reports a hit if every term occurs in it.
func (x *Index) scanFile(id string, pq *parsedQuery) (Hit, bool) {
	src, rel := x.locate(id)
	data, held, err := textfile.Read(src.absPath(rel), x.opts.MaxFileSize)
	if err != nil {
		return Hit{}, false
	}
	defer held.Release()
	if bytes.IndexByte(data[:min(len(data), binarySniffLen)], 0) >= 0 {
		return Hit{}, false
	}
	// A cheap literal check first spares the other terms' full search;
	// a lone term's own search learns as fast that it is absent.
	for _, t := range pq.Terms {
		if len(pq.Terms) > 1 && !match.MayMatch(data, t) {
			return Hit{}, false
		}
	}
	count := 0
	for _, t := range pq.Terms {
		n := len(match.Spans(data, t))
		if n == 0 {
			return Hit{}, false
		}
		count += n
	}
	if !definesIn(data, rel, pq.Terms) {
		return Hit{}, false
	}
	return Hit{Path: rel, Source: src.label, Score: float64(count)}, true
}

// scanSnippet fills the line and snippet of a scanned hit.
func (x *Index) scanSnippet(h *Hit, pq *parsedQuery) {
	src := x.sources[0]
	for _, s := range x.sources {
		if s.label == h.Source {
			src = s
		}
	}
	data, held, err := textfile.Read(src.absPath(h.Path), x.opts.MaxFileSize)
	if err != nil {
		return
	}
	defer held.Release()
	m := match.Find(data, pq.Terms)
	if t, ok := pq.DefOnlyTerm(); ok {
		m, h.Defines = match.DefinitionFirst(data, m, t.Text, langOfPath(h.Path), t.ExactCase)
	}
	h.Line, h.Lines, h.Snippet, h.Highlights = m.Line, m.Lines, m.Snippet, m.Ranges
}

// candidateList is the files a scan may read, in a fixed order: ids
// holds those known so far, total all of them; fetch brings the next
// chunk from the index. A broad pattern on a big tree can have most of
// the tree as candidates, and a scan that stops after a page should not
// pay to list them all (listing 100,000 ids was most of such a query).
type candidateList struct {
	ids   []string
	total int
	q     bleveq.Query // nil: ids is complete
	x     *Index
}

const candidateChunk = 1000

func (c *candidateList) fetch(ctx context.Context) error {
	if c.q == nil || len(c.ids) >= c.total {
		return nil
	}
	// Chunks double: each fetch walks the hits from the first again.
	size := max(candidateChunk, len(c.ids))
	ids, err := c.x.unscoredIDs(ctx, c.q, size, len(c.ids))
	if err != nil {
		return err
	}
	c.ids = append(c.ids, ids...)
	if len(ids) < size { // the index changed since the count
		c.total = len(c.ids)
	}
	return nil
}

// scanCandidates lists the files worth reading: through the index when
// the query has indexable terms or grams (first lists ids, more on
// fetch), else every indexed file, or every file on disk while the first
// build runs, sorted by id so that a scan's page does not depend on map
// or walk order.
func (x *Index) scanCandidates(ctx context.Context, pq *parsedQuery, first int) (*candidateList, error) {
	narrow := &parsedQuery{Query: &query.Query{Paths: pq.Paths, Exts: pq.Exts, Langs: pq.Langs,
		NotPaths: pq.NotPaths, NotExts: pq.NotExts, NotLangs: pq.NotLangs}}
	for _, t := range pq.Terms {
		if t.Kind == query.Wildcard || t.Kind == query.Regex {
			if t.Grams != nil || t.PartPrefix != "" {
				narrow.Terms = append(narrow.Terms, t)
			}
		} else if len(Tokens(t.Text)) > 0 {
			narrow.Terms = append(narrow.Terms, t)
		}
	}
	if len(narrow.Terms) > 0 && x.state() == StateReady {
		q := narrow.bleveQuery()
		ids, err := x.unscoredIDs(ctx, q, first, 0)
		if err != nil || len(ids) < first {
			return &candidateList{ids: ids, total: len(ids)}, err
		}
		total, err := x.countHits(ctx, q)
		if err != nil {
			return nil, err
		}
		return &candidateList{ids: ids, total: max(total, len(ids)), q: q, x: x}, nil
	}
	var ids []string
	keep := func(id string) {
		if _, rel := x.locate(id); pq.keepPath(rel) {
			ids = append(ids, id)
		}
	}
	if x.state() == StateReady {
		x.mu.Lock()
		for id := range x.files {
			keep(id)
		}
		x.mu.Unlock()
	} else {
		// The index is still being built: scan the disk itself.
		w := &walker{}
		for _, s := range x.sources {
			if err := w.walk(ctx, s, "", func(f diskFile) { keep(f.id()) }); err != nil {
				return nil, err
			}
		}
	}
	slices.Sort(ids)
	return &candidateList{ids: ids, total: len(ids)}, nil
}

// unscoredIDs lists size ids of q's hits from offset from, in the
// index's order. Unscored, the collector stops once it has them (the scan
// ranks by what it reads), so it does not count the rest: countHits does.
func (x *Index) unscoredIDs(ctx context.Context, q bleveq.Query, size, from int) ([]string, error) {
	req := bleve.NewSearchRequestOptions(q, size, from, false)
	req.Score = bleve.ScoreNone
	sr, err := x.idx.SearchInContext(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("knowledge: search: %w", err)
	}
	ids := make([]string, len(sr.Hits))
	for i, h := range sr.Hits {
		ids[i] = h.ID
	}
	return ids, nil
}

// countHits counts q's hits without scoring or collecting them (the
// postings are intersected as bitmaps).
func (x *Index) countHits(ctx context.Context, q bleveq.Query) (int, error) {
	req := bleve.NewSearchRequestOptions(q, 0, 0, false)
	req.Score = bleve.ScoreNone
	sr, err := x.idx.SearchInContext(ctx, req)
	if err != nil {
		return 0, fmt.Errorf("knowledge: search: %w", err)
	}
	return int(sr.Total), nil
}
