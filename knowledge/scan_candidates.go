package knowledge

import (
	"context"
	"fmt"
	"slices"

	"github.com/blevesearch/bleve/v2"
	bleveq "github.com/blevesearch/bleve/v2/search/query"

	"github.com/hearth-agent/hearth/knowledge/query"
)

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
