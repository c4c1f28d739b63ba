package knowledge

import "context"

// searchKept is search with the hits keep refuses left out; when some
// were and the index had more, it asks once more for as many more, so
// the page stays full. Total no longer counts the files seen left out.
func (x *Index) searchKept(ctx context.Context, q string, limit int, keep func(source, path string) bool) (Results, error) {
	res, err := x.search(ctx, q, limit)
	if err != nil || keep == nil {
		return res, err
	}
	if limit <= 0 {
		limit = defaultLimit
	}
	kept, hidden := keepHits(res.Hits, limit, keep)
	if hidden > 0 && len(res.Hits) >= limit { // the index may hold more
		more, err := x.search(ctx, q, limit+hidden)
		if err != nil {
			return Results{}, err
		}
		res = more
		kept, hidden = keepHits(more.Hits, limit, keep)
	}
	res.Hits = kept
	res.Total = max(len(kept), res.Total-hidden)
	return res, nil
}

// keepHits returns the first limit of hits keep accepts, and how many it
// refused.
func keepHits(hits []Hit, limit int, keep func(source, path string) bool) (kept []Hit, refused int) {
	kept = make([]Hit, 0, min(limit, len(hits)))
	for _, h := range hits {
		if !keep(h.Source, h.Path) {
			refused++
		} else if len(kept) < limit {
			kept = append(kept, h)
		}
	}
	return kept, refused
}
