package knowledge

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/blevesearch/bleve/v2"
)

// scanSearch answers queries the index cannot (leading wildcards,
// regular expressions, punctuation-only words) by reading files, like a
// grep. Indexable terms and filters of the same query first narrow the
// files down through the index. Up to exactVerify candidates are all
// read (the total is exact, as a grep would count); beyond that, files
// are read in path order until the page is full and enough were read to
// estimate the total, so a pattern most of a big tree matches costs a
// page of reads rather than a read of the tree.
func (x *Index) scanSearch(ctx context.Context, pq *parsedQuery, limit int) (Results, error) {
	ids, err := x.scanCandidates(ctx, pq)
	if err != nil {
		return Results{}, err
	}
	if len(ids) > exactVerify {
		slices.Sort(ids) // the page must not depend on map order
	}
	// Workers only count matches; snippets are made for the page alone,
	// since a broad pattern can match most of the tree.
	var (
		mu      sync.Mutex
		hits    []Hit
		checked int
		wg      sync.WaitGroup
	)
	enough := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(ids) > exactVerify && len(hits) >= limit && checked >= 4*limit
	}
	work := make(chan string)
	for range 2 * max(1, runtime.GOMAXPROCS(0)) { // extra workers overlap file I/O
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range work {
				h, ok := x.scanFile(id, pq)
				mu.Lock()
				checked++
				if ok {
					hits = append(hits, h)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for _, id := range ids {
		if enough() {
			break
		}
		select {
		case work <- id:
		case <-ctx.Done():
			break feed
		}
	}
	close(work)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return Results{}, err
	}
	res := Results{Total: len(hits), Scanned: true}
	if checked < len(ids) {
		res.Approx = true
		res.Total = max(len(hits), int(float64(len(hits))*float64(len(ids))/float64(checked)))
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

// scanCandidates lists the ids worth reading.
func (x *Index) scanCandidates(ctx context.Context, pq *parsedQuery) ([]string, error) {
	narrow := &parsedQuery{paths: pq.paths, exts: pq.exts, langs: pq.langs}
	for _, t := range pq.terms {
		if t.kind == termWildcard || t.kind == termRegex {
			if t.tri != nil {
				narrow.terms = append(narrow.terms, t)
			}
		} else if len(Tokens(t.text)) > 0 {
			narrow.terms = append(narrow.terms, t)
		}
	}
	if len(narrow.terms) > 0 && x.state() == StateReady {
		n, err := x.idx.DocCount()
		if err != nil {
			return nil, fmt.Errorf("knowledge: search: %w", err)
		}
		req := bleve.NewSearchRequestOptions(narrow.bleveQuery(), int(n)+1, 0, false)
		req.Score = "none"
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
		return ids, nil
	}
	// The index is still being built: scan the disk itself.
	w := &walker{}
	for _, s := range x.sources {
		if err := w.walk(ctx, s, "", func(f diskFile) { keep(f.id()) }); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// scanFile reads one file and reports a hit if every term occurs in it.
func (x *Index) scanFile(id string, pq *parsedQuery) (Hit, bool) {
	src, rel := x.locate(id)
	data, release, err := readText(src.absPath(rel), x.opts.MaxFileSize)
	if err != nil {
		return Hit{}, false
	}
	defer release()
	if bytes.IndexByte(data[:min(len(data), binarySniffLen)], 0) >= 0 {
		return Hit{}, false
	}
	v := &textView{data: data}
	// A cheap literal check first spares the other terms' full search;
	// a lone term's own search learns as fast that it is absent.
	for _, t := range pq.terms {
		if len(pq.terms) > 1 && !v.mayMatch(t) {
			return Hit{}, false
		}
	}
	count := 0
	for _, t := range pq.terms {
		n := len(termSpans(v, t))
		if n == 0 {
			return Hit{}, false
		}
		count += n
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
	data, release, err := readText(src.absPath(h.Path), x.opts.MaxFileSize)
	if err != nil {
		return
	}
	defer release()
	m := findLines(data, pq.terms)
	h.Line, h.Lines, h.Snippet, h.Highlights = m.line, m.lines, m.snippet, m.ranges
}
