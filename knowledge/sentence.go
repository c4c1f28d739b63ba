package knowledge

import (
	"context"
	"slices"
	"sort"
	"time"

	bleveq "github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/hearth-agent/hearth/knowledge/query"
	"github.com/hearth-agent/hearth/knowledge/rank"
)

// A sentence ("how does the agent decide to ask before running a
// command") is ranked by the words that carry meaning, not as a
// conjunction of every word: the index's BM25 picks a pool of files
// holding any of them, and the pool is ranked again by how much of the
// sentence's weight each file covers (a rare word weighs more than a
// common one), files defining a name made of a word first. Each hit then
// says which words it matched, and through which definition.

// sentencePool is how many of the index's best files are ranked again,
// at least: enough that a short file holding every rare word is in it
// when long files holding many common ones score higher on BM25.
const sentencePool = 400

// defWordsBoost ranks a word in a defined name above the same word in the
// text, in the pool's query.
const defWordsBoost = 2.0

// sentenceMatch is what a pool's file matched of each ranked word: how
// well its text or path holds the word (its BM25 score for the word's
// forms, as a share of the best file's; 0 when it lacks them), and
// whether it defines a name made of it.
type sentenceMatch struct {
	text    []float64
	defined []bool
}

// searchSentence ranks the files for s's words; keep (when set) leaves
// files out before the page is cut.
func (x *Index) searchSentence(ctx context.Context, s *query.Sentence, limit int, keep func(source, path string) bool) (Results, error) {
	start := time.Now()
	if limit <= 0 {
		limit = defaultLimit
	}
	var f query.Frequencies
	if x.state() == StateReady {
		freqs := &indexFreqs{x: x, ctx: ctx}
		defer freqs.close()
		f = freqs
	}
	s.PlanSentence(f)
	words := slices.DeleteFunc(slices.Clone(s.Words), func(w query.SentenceWord) bool { return !w.Ranked() })
	res := Results{Hits: []Hit{}, Partial: x.state() == StateBuilding}
	if len(words) == 0 {
		res.Took = time.Since(start)
		return res, nil
	}
	choosing := slices.DeleteFunc(slices.Clone(words), func(w query.SentenceWord) bool { return !w.Chooses() })
	pool, err := x.candidates(ctx, sentenceQuery(choosing, true, true, true), nil, max(sentencePool, 4*limit), 0, 0)
	if err != nil {
		return Results{}, err
	}
	matches, err := x.sentenceMatches(ctx, words, pool.IDs)
	if err != nil {
		return Results{}, err
	}
	order, score := rankSentence(words, pool, matches)
	page := rank.Ranking{Total: pool.Total}
	hidden := 0
	for _, i := range order {
		if keep != nil {
			if src, rel := x.locate(pool.IDs[i]); !keep(src.label, rel) {
				hidden++
				continue
			}
		}
		if len(page.IDs) < limit {
			page.IDs = append(page.IDs, pool.IDs[i])
			page.Scores = append(page.Scores, score[i])
		}
	}
	pq := sentenceTerms(words)
	pq.definedWords = map[string][]query.SentenceWord{}
	for _, id := range page.IDs {
		m := matches[id]
		for j, w := range words {
			if m.defined[j] {
				pq.definedWords[id] = append(pq.definedWords[id], w)
			}
		}
	}
	checked := x.snippets(ctx, pq, page, nil)
	if err := ctx.Err(); err != nil {
		return Results{}, err
	}
	for i, h := range checked {
		m := matches[page.IDs[i]]
		for j, w := range words {
			if m.text[j] > 0 || m.defined[j] {
				h.Matched = append(h.Matched, WordMatch{Word: w.Text, Definition: h.definitions[w.Text]})
			}
		}
		res.Hits = append(res.Hits, h.Hit)
	}
	res.Total = max(len(res.Hits), pool.Total-hidden)
	res.Approx = pool.Total > len(pool.IDs)
	res.Took = time.Since(start)
	return res, nil
}

// sentenceQuery asks for any form of any of words in the fields named,
// each weighed by its word.
func sentenceQuery(words []query.SentenceWord, text, path, defined bool) bleveq.Query {
	var qs []bleveq.Query
	for _, w := range words {
		if text {
			qs = append(qs, termQueries(w.Terms, fieldContent, w.Weight)...)
		}
		if path {
			qs = append(qs, termQueries(w.Terms, fieldPath, w.Weight*pathBoost)...)
		}
		if defined {
			qs = append(qs, termQueries(w.Terms, fieldDefWords, w.Weight*defWordsBoost)...)
		}
	}
	if len(qs) == 1 {
		return qs[0]
	}
	return bleveq.NewDisjunctionQuery(qs)
}

// sentenceMatches finds, for each file of ids, how well it holds each
// word in its text or path and whether it defines a name made of it.
func (x *Index) sentenceMatches(ctx context.Context, words []query.SentenceWord, ids []string) (map[string]sentenceMatch, error) {
	out := make(map[string]sentenceMatch, len(ids))
	for _, id := range ids {
		out[id] = sentenceMatch{text: make([]float64, len(words)), defined: make([]bool, len(words))}
	}
	if len(ids) == 0 {
		return out, nil
	}
	among := bleveq.NewDocIDQuery(ids)
	among.SetBoost(1e-9) // it only narrows: its constant score would blur the word's
	for j, w := range words {
		one := []query.SentenceWord{w}
		scored, err := x.candidates(ctx, bleveq.NewConjunctionQuery([]bleveq.Query{among, sentenceQuery(one, true, true, false)}), nil, len(ids), 0, 0)
		if err != nil {
			return nil, err
		}
		best := 0.0
		for _, sc := range scored.Scores {
			best = max(best, sc)
		}
		for i, id := range scored.IDs {
			if best > 0 {
				out[id].text[j] = scored.Scores[i] / best
			}
		}
		defined, err := x.unscoredIDs(ctx, bleveq.NewConjunctionQuery([]bleveq.Query{among, sentenceQuery(one, false, false, true)}), len(ids), 0)
		if err != nil {
			return nil, err
		}
		for _, id := range defined {
			out[id].defined[j] = true
		}
	}
	return out, nil
}

// rankSentence scores the pool: the share of the sentence's weight a file
// covers, squared so that covering more words beats repeating one, times
// how well it holds each word, weighed, a word it defines a name of
// counting double. It returns the pool's order and each file's score.
func rankSentence(words []query.SentenceWord, pool rank.Ranking, matches map[string]sentenceMatch) ([]int, []float64) {
	total := 0.0
	for _, w := range words {
		total += w.Weight
	}
	score := make([]float64, len(pool.IDs))
	for i, id := range pool.IDs {
		m := matches[id]
		cover, held := 0.0, 0.0
		for j, w := range words {
			if m.text[j] > 0 || m.defined[j] {
				cover += w.Weight
			}
			h := m.text[j]
			if m.defined[j] {
				h = 2 * max(h, 0.5)
			}
			held += w.Weight * h
		}
		cover /= total
		score[i] = cover * cover * held / total
	}
	order := make([]int, len(pool.IDs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return score[order[a]] > score[order[b]] })
	return order, score
}

// indexFreqs is the index as weighing a sentence asks it
// (query.Frequencies), through one reader for all its questions.
type indexFreqs struct {
	x   *Index
	ctx context.Context
	r   index.IndexReader
}

func (f *indexFreqs) close() {
	if f.r != nil {
		f.r.Close()
	}
}

var _ query.Frequencies = (*indexFreqs)(nil)

func (f *indexFreqs) Docs() int {
	n, err := f.x.idx.DocCount()
	if err != nil {
		return 0
	}
	return int(n)
}

// DocFreq counts the files holding term in their content or, when more
// do, in their path: a word every path holds ("agent/...") decides as
// little as one every file's text does.
func (f *indexFreqs) DocFreq(term string) int {
	if f.r == nil {
		r, err := f.x.reader()
		if err != nil {
			return 0
		}
		f.r = r
	}
	n := 0
	for _, field := range []string{fieldContent, fieldPath} {
		tfr, err := f.r.TermFieldReader(f.ctx, []byte(term), field, false, false, false)
		if err != nil {
			continue
		}
		n = max(n, int(tfr.Count()))
		tfr.Close()
	}
	return n
}

func (f *indexFreqs) ContentTermsWithPrefix(prefix string, max int) ([]string, bool) {
	return f.x.contentTermsWithPrefix(prefix, max)
}
