package knowledge

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/blevesearch/bleve/v2"
	bleveq "github.com/blevesearch/bleve/v2/search/query"
	"github.com/hearth-agent/hearth/knowledge/analysis"
	"github.com/hearth-agent/hearth/knowledge/query"
	"github.com/hearth-agent/hearth/knowledge/rank"
)

// Hit is one matching file.
type Hit struct {
	Path   string  `json:"path"`             // relative to its source, '/'-separated
	Source string  `json:"source,omitempty"` // knowledge folder label; "" for the workspace
	Line   int     `json:"line"`             // 1-based line of the best match; 0 if none (name-only match)
	Lines  []int   `json:"lines,omitempty"`  // up to 5 matching lines
	Score  float64 `json:"score"`
	// Snippet is the matching line (trimmed to about 200 bytes) and
	// Highlights the byte ranges of the matches within it.
	Snippet    string   `json:"snippet"`
	Highlights [][2]int `json:"highlights,omitempty"`
	// Defines: the file defines a searched name, and Line is where.
	Defines bool `json:"defines,omitempty"`
	// Matched, for a sentence ranked by its words (Questions, AnyWord),
	// are the words the file matched, in the sentence's order: why it is
	// on the page.
	Matched []WordMatch `json:"matched,omitempty"`
}

// Results of a search.
type Results struct {
	Total   int           `json:"total"` // matching files (an estimate when Partial)
	Took    time.Duration `json:"took"`
	Hits    []Hit         `json:"hits"`
	Approx  bool          `json:"approx"`  // Total is an estimate: not every candidate file was read
	Scanned bool          `json:"scanned"` // answered by a streaming scan, not the index
	Partial bool          `json:"partial"` // the first build is still running
	// AsPrefix is the query that answered instead of the one asked: its
	// last word as a prefix, asked because it found nothing
	// (RetryAsPrefix); "" when the query answered itself.
	AsPrefix string `json:"asPrefix,omitempty"`
	// AnyWord is the query that answered a sentence that found nothing:
	// its words joined by OR (AnyWord); "" otherwise.
	AnyWord string `json:"anyWord,omitempty"`
	// Question names the words that ranked a question (Questions),
	// weightiest first; "" when the query was not read as one.
	Question string `json:"question,omitempty"`
}

// Search runs a query (see the package's query syntax: words are ANDed,
// "phrases", prefix*, fuzzy~, /regex/, *wildcard, path:, ext:, lang:,
// -path:, -ext:, -lang: to exclude, and OR between alternatives) and
// returns up to limit hits ranked by BM25, path matches boosted.
// Snippets are read from disk now, so they show the file as it is.
// Options change how a query is answered (RetryAsPrefix, AnyWord, Questions, KeepOnly).
func (x *Index) Search(ctx context.Context, q string, limit int, opts ...SearchOption) (Results, error) {
	var o searchOptions
	for _, opt := range opts {
		opt(&o)
	}
	if res, ok, err := x.askQuestion(ctx, q, limit, o); ok || err != nil {
		return res, err
	}
	res, err := x.searchKept(ctx, q, limit, o.keep)
	if err != nil {
		return res, err
	}
	return x.widen(ctx, q, limit, o, res), nil
}

// defaultLimit is the page of a search asked for no limit.
const defaultLimit = 20

func (x *Index) search(ctx context.Context, q string, limit int) (Results, error) {
	start := time.Now()
	if limit <= 0 {
		limit = defaultLimit
	}
	// No search has more hits than the index has files, and a page is
	// sized by its limit: a huge --limit would allocate it all at once.
	if n, err := x.idx.DocCount(); err == nil && uint64(limit) > n {
		limit = int(max(n, 1))
	}
	parsed, err := parseAlternatives(q)
	if err != nil {
		return Results{}, err
	}
	each := make([]Results, len(parsed))
	for i, pq := range parsed {
		if each[i], err = x.searchParsed(ctx, pq, limit); err != nil {
			return Results{}, err
		}
	}
	res := each[0]
	if len(each) > 1 {
		res = joinAlternatives(each, limit)
	}
	res.Partial = x.state() == StateBuilding
	res.Took = time.Since(start)
	return res, nil
}

func (x *Index) searchParsed(ctx context.Context, pq *parsedQuery, limit int) (Results, error) {
	if x.state() == StateReady {
		pq.dict = &indexDict{x: x, ctx: ctx}
	}
	res, err := x.searchOnce(ctx, pq, limit)
	// A word the index holds nowhere finds nothing: only then are the
	// words looked up, and looked for again as text (query/unknown.go).
	if err == nil && res.Total == 0 && len(res.Hits) == 0 && pq.lookForUnknownAsText() {
		return x.searchOnce(ctx, pq, limit)
	}
	return res, err
}

func (x *Index) searchOnce(ctx context.Context, pq *parsedQuery, limit int) (Results, error) {
	if pq.Scan() {
		return x.scanSearch(ctx, pq, limit)
	}
	return x.indexSearch(ctx, pq, limit)
}

// Phrase candidates are checked against their files: all of them when
// there are at most exactVerify (the total is then exact, as a grep
// would count), else until the page is full and the total is estimated.
const exactVerify = 300

// wholeCandidates: a phrase's candidates come all at once when there are
// at most this many. The files of a phrase whose words are common but
// seldom adjacent must all be read, and fetching those past the first
// exactVerify ran the query a second time.
const wholeCandidates = 4096

func (x *Index) indexSearch(ctx context.Context, pq *parsedQuery, limit int) (Results, error) {
	verify := false
	for _, t := range pq.Terms {
		// A def:Name spelled with a capital is checked in each file, as
		// a phrase is: the index folds case.
		verify = verify || t.Verify || t.ExactCase
	}
	// The index gives candidates for phrases (files holding every word);
	// all candidates are checked so the total is what a grep would count.
	want, whole := limit, 0
	if verify {
		want, whole = max(8*limit, exactVerify), wholeCandidates
	}
	bq := pq.bleveQuery()
	var pairs []uint64
	if verify {
		pairs = pq.PhrasePairs()
	}
	list, err := x.candidates(ctx, bq, pairs, want, 0, whole)
	if err != nil {
		return Results{}, err
	}
	if !verify {
		pq.definers = x.definersAmong(ctx, pq, list.IDs)
		hits := x.snippets(ctx, pq, list, nil)
		if err := ctx.Err(); err != nil { // hits not read are empty
			return Results{}, err
		}
		res := Results{Total: list.Total, Hits: make([]Hit, len(hits))}
		for i, h := range hits {
			res.Hits[i] = h.Hit
		}
		return res, nil
	}
	// Check candidates in score order, in parallel, until the page is
	// full and enough were seen to estimate the rest. Candidates past
	// the first fetch are fetched when the page is still short: the true
	// matches of a phrase can rank anywhere among files holding its words.
	kept := []Hit{}
	total, verified, checked, full := list.Total, 0, 0, false
	enough := func(h checkedHit) bool {
		checked++
		if !h.dropped {
			verified++
			if len(kept) < limit {
				kept = append(kept, h.Hit)
			}
		}
		full = len(kept) >= limit && checked >= 4*limit && total > exactVerify
		return full
	}
	for !full && checked < total && ctx.Err() == nil {
		if checked == len(list.IDs) {
			more, err := x.candidates(ctx, bq, pairs, total-len(list.IDs), len(list.IDs), 0)
			if err != nil {
				return Results{}, err
			}
			if len(more.IDs) == 0 {
				break
			}
			list = list.Extended(more)
		}
		x.snippets(ctx, pq, list.From(checked), enough)
	}
	if err := ctx.Err(); err != nil {
		return Results{}, err
	}
	res := Results{Total: verified, Hits: kept}
	if checked < total {
		res.Approx = true
		res.Total = max(len(kept), int(float64(verified)*float64(total)/float64(max(checked, 1))))
	}
	return res, nil
}

// candidates runs the index query for size hits from offset from, best
// first, and returns their ids, scores and the total number of hits;
// all the hits, when there are at most whole and the query allows.
// With pairs (a phrase's), the candidates whose pair sketch lacks one
// are marked, when the query is one the index's own searchers run.
func (x *Index) candidates(ctx context.Context, q bleveq.Query, pairs []uint64, size, from, whole int) (rank.Ranking, error) {
	if tq, ok := q.(*bleveq.TermQuery); ok && tq.Field() != "" {
		ids, scores, total, err := x.topTerm(ctx, tq.Field(), tq.Term, size, from)
		if !errors.Is(err, errNotScorch) {
			return rank.Ranking{IDs: ids, Scores: scores, Total: total}, err
		}
	}
	if rank.BuiltOfTerms(q) {
		list, err := x.topQuery(ctx, q, pairs, size, from, whole)
		if !errors.Is(err, errNotScorch) {
			return list, err
		}
	}
	req := bleve.NewSearchRequestOptions(q, size, from, false)
	sr, err := x.idx.SearchInContext(ctx, req)
	if err != nil {
		return rank.Ranking{}, fmt.Errorf("knowledge: search: %w", err)
	}
	list := rank.Ranking{IDs: make([]string, len(sr.Hits)), Scores: make([]float64, len(sr.Hits)), Total: int(sr.Total)}
	for i, h := range sr.Hits {
		list.IDs[i], list.Scores[i] = h.ID, h.Score
	}
	return list, nil
}

// topTerm ranks a lone term's postings on the index's current snapshot
// (rank.TopTerm).
func (x *Index) topTerm(ctx context.Context, field, term string, size, from int) ([]string, []float64, int, error) {
	r, snap, err := x.snapshot()
	if err != nil {
		return nil, nil, 0, err
	}
	defer r.Close()
	return rank.TopTerm(ctx, snap, field, term, size, from)
}

// topQuery ranks a query of terms on the index's current snapshot
// (rank.TopQuery); with pairs (a phrase's), the candidates whose pair
// sketch lacks one are marked, to be dropped unread.
func (x *Index) topQuery(ctx context.Context, q bleveq.Query, pairs []uint64, size, from, whole int) (rank.Ranking, error) {
	r, snap, err := x.snapshot()
	if err != nil {
		return rank.Ranking{}, err
	}
	defer r.Close()
	var check rank.StoredCheck
	if len(pairs) > 0 {
		check = rank.StoredCheck{Field: fieldPairs, Holds: func(v []byte) bool { return analysis.SketchHolds(v, pairs) }}
	}
	return rank.TopQuery(ctx, snap, x.idx.Mapping(), q, check, size, from, whole, rank.Shares(snap))
}

// sortHits orders scan results: most matching lines first, then path.
func sortHits(hits []Hit) {
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].Score != hits[j].Score {
			return hits[i].Score > hits[j].Score
		}
		if hits[i].Source != hits[j].Source {
			return hits[i].Source < hits[j].Source
		}
		return hits[i].Path < hits[j].Path
	})
}

// ErrBadQuery wraps every query syntax error.
var ErrBadQuery = query.ErrBadQuery

// parsedQuery is one alternative of a query as a search runs it: its
// plan (knowledge/query), the index the plan asks once the first build
// is done, and what the search learnt of its hits.
type parsedQuery struct {
	*query.Query
	// dict, when set, is the index the query runs on (see indexDict).
	dict query.Dictionary
	// definers maps the files defining a word of the query to its term,
	// whose definition line their hits show first.
	definers map[string]string
	// definedWords maps the files defining a name made of a sentence's
	// word to those words (sentence.go).
	definedWords map[string][]query.SentenceWord
}

// parseAlternatives reads each alternative of a query (one when it has
// no OR) before any runs, so a mistake in the last is reported at once.
func parseAlternatives(s string) ([]*parsedQuery, error) {
	alts, err := query.Parse(s)
	if err != nil {
		return nil, err
	}
	parsed := make([]*parsedQuery, len(alts))
	for i, q := range alts {
		parsed[i] = &parsedQuery{Query: q}
	}
	return parsed, nil
}

// lookForUnknownAsText turns the words the index holds nowhere into text
// to find (see query.Query.LookForUnknownAsText).
func (q *parsedQuery) lookForUnknownAsText() bool { return q.LookForUnknownAsText(q.dict) }
