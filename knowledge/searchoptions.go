package knowledge

import (
	"context"

	"github.com/hearth-agent/hearth/knowledge/query"
)

// A SearchOption changes how Search answers a query.
type SearchOption func(*searchOptions)

type searchOptions struct {
	retryAsPrefix bool
	anyWord       bool
	questions     bool
	keep          func(source, path string) bool
}

// RetryAsPrefix asks a query that finds nothing again with its last word
// as a prefix, when that word is a bare word (letters, digits, '_')
// outside a phrase and no operator: someone still typing "getFooBa", or a
// model writing part of a name, would otherwise read an empty answer as
// "not in the code". Results.AsPrefix then says which query answered.
var RetryAsPrefix SearchOption = func(o *searchOptions) { o.retryAsPrefix = true }

// AnyWord asks a sentence that finds nothing (even as a prefix, with
// RetryAsPrefix) again for any of its words, ranked by the words that
// carry meaning (see Questions): someone asking "where is the retry delay
// set" means files about those words, not one holding each.
// Results.AnyWord then names the words joined by OR. A query that finds
// something is answered as before.
var AnyWord SearchOption = func(o *searchOptions) { o.anyWord = true }

// Questions ranks a question written in plain words (query.IsQuestion:
// "how does the agent decide to ask before running a command?") by its
// words that carry meaning, at once: stop words left out, a word in most
// files weighing little, a word's forms found by its stem, and files
// defining a name made of a word first. Each hit's Matched says which
// words it matched, and Results.Question names the words that ranked.
// Identifiers, phrases and queries with filters or operators are never
// questions, and are answered as before.
var Questions SearchOption = func(o *searchOptions) { o.questions = true }

// KeepOnly leaves out the hits keep refuses (source is "" for the
// workspace), before the page is filled and before RetryAsPrefix decides
// that the query found nothing: a caller that may not show some files
// would otherwise get an empty page where the prefix had an answer.
func KeepOnly(keep func(source, path string) bool) SearchOption {
	return func(o *searchOptions) { o.keep = keep }
}

// widen asks a query that found nothing again as the options allow: its
// last word as a prefix first, then any of its words.
func (x *Index) widen(ctx context.Context, q string, limit int, o searchOptions, res Results) Results {
	if o.retryAsPrefix {
		res = x.retryWider(ctx, q, limit, o, res, query.AsPrefix, func(r *Results, w string) { r.AsPrefix = w })
	}
	if o.anyWord && !found(res, o) {
		anyWord, _ := query.AnyWord(q)
		if s, ok := query.ReadSentence(q); ok {
			if more, err := x.searchSentence(ctx, s, limit, o.keep); err == nil && found(more, o) {
				more.AnyWord = anyWord
				return more
			}
		}
	}
	return res
}

// askQuestion answers q by its meaningful words when it reads as a
// question and the options allow; false when it is not one, or its words
// found nothing (the query is then asked as written).
func (x *Index) askQuestion(ctx context.Context, q string, limit int, o searchOptions) (Results, bool, error) {
	if !o.questions || !query.IsQuestion(q) {
		return Results{}, false, nil
	}
	s, ok := query.ReadSentence(q)
	if !ok {
		return Results{}, false, nil
	}
	res, err := x.searchSentence(ctx, s, limit, o.keep)
	if err != nil || !found(res, o) {
		return Results{}, false, err
	}
	res.Question = s.String()
	return res, true, nil
}

// retryWider is res, the answer to q, or the answer to widen(q) when res
// is empty and that one is not, named in it by mark; an error asking
// again keeps res. widen says no when q has no wider form.
func (x *Index) retryWider(ctx context.Context, q string, limit int, o searchOptions, res Results,
	widen func(string) (string, bool), mark func(*Results, string)) Results {
	if found(res, o) {
		return res
	}
	wider, ok := widen(q)
	if !ok {
		return res
	}
	more, err := x.searchKept(ctx, wider, limit, o.keep)
	if err != nil || !found(more, o) {
		return res
	}
	mark(&more, wider)
	return more
}

// found: res answers its query. With a keep rule only the hits kept
// count, since the total also counts files left out.
func found(res Results, o searchOptions) bool {
	return len(res.Hits) > 0 || res.Total > 0 && o.keep == nil
}

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
