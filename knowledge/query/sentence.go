package query

import (
	"math"
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// A Sentence is a query read as prose: the words that carry meaning,
// each weighed by how rare it is in the index, so that the files about
// the rare ones rank first and a word in most files decides nothing.
type Sentence struct {
	Words []SentenceWord
}

// A SentenceWord is one word of a sentence that carries meaning.
type SentenceWord struct {
	Text string // as typed
	// Ident: an identifier (camelCase, snake_case, digits), asked for
	// as written and weighed more, since someone named it on purpose.
	Ident bool

	// What PlanSentence decided.

	// Terms are the code words it asks for: its own and those the index
	// holds that share its stem ("decide": "decides", "decided").
	Terms []string
	// Weight is how much it decides a file's rank (its IDF, small for a
	// word in most files), 0 when no file holds it.
	Weight float64
	// Common: in most files; it does not choose the files ranked while
	// some word is not, only adds its little weight to theirs.
	Common bool
}

// Ranked: w takes part in ranking.
func (w SentenceWord) Ranked() bool { return w.Weight > 0 }

// Chooses: w chooses the files to rank.
func (w SentenceWord) Chooses() bool { return w.Weight > 0 && !w.Common }

// ReadSentence reads q as a sentence (see AnyWord); false when it is none.
func ReadSentence(q string) (*Sentence, bool) {
	words, ok := sentenceWords(q)
	if !ok {
		return nil, false
	}
	s := &Sentence{}
	for _, w := range words {
		s.Words = append(s.Words, SentenceWord{Text: w, Ident: !isPlainWord(w)})
	}
	return s, true
}

// Frequencies is what weighing a sentence's words asks of the index.
type Frequencies interface {
	// Docs is how many files the index holds.
	Docs() int
	// DocFreq is how many files' content holds term.
	DocFreq(term string) int
	// ContentTermsWithPrefix lists the content terms starting with
	// prefix (false: more than max).
	ContentTermsWithPrefix(prefix string, max int) ([]string, bool)
}

// maxForms bounds the terms a word's stem prefix is looked up among.
const maxForms = 256

// PlanSentence finds each word's forms in the index and weighs it. With
// no index (f nil: the first build runs) each word asks for itself,
// weighing 1.
func (s *Sentence) PlanSentence(f Frequencies) {
	docs := 0
	if f != nil {
		docs = f.Docs()
	}
	for i := range s.Words {
		w := &s.Words[i]
		w.Terms, w.Weight, w.Common = nil, 0, false
		own := analysis.Terms(w.Text)
		if len(own) == 0 {
			continue
		}
		if f == nil {
			w.Terms, w.Weight = own[:1], 1
			continue
		}
		df := 0
		for _, t := range forms(f, own[0], w.Ident) {
			if n := f.DocFreq(t); n > 0 {
				w.Terms = append(w.Terms, t)
				df = max(df, n)
			}
		}
		if df == 0 {
			continue
		}
		// BM25's IDF, as the index scores a term.
		w.Weight = math.Log(1 + (float64(docs-df)+0.5)/(float64(df)+0.5))
		if w.Ident {
			w.Weight *= 2
		}
		w.Common = commonIn(df, docs)
	}
	if !slices.ContainsFunc(s.Words, SentenceWord.Chooses) {
		for i := range s.Words { // every word is common: they still rank
			s.Words[i].Common = false
		}
	}
}

// commonIn: a word in df of docs files is in most of them; a handful of
// files has no common word.
func commonIn(df, docs int) bool { return df > 10 && 2*df > docs }

// forms are the index's terms for a word: the word itself and, for a
// plain word, the terms sharing its stem, most alike first.
func forms(f Frequencies, low string, ident bool) []string {
	out := []string{low}
	if ident {
		return out
	}
	stem := Stem(low)
	prefix := commonPrefix(stem, low)
	if len(prefix) < 3 {
		return out
	}
	terms, ok := f.ContentTermsWithPrefix(prefix, maxForms)
	if !ok {
		terms = []string{stem, low + "s", low + "es", low + "ed", low + "ing"}
	}
	for _, t := range terms {
		if t != low && isPlainWord(t) && Stem(t) == stem && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

func commonPrefix(a, b string) string {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return a[:n]
}

// String names the words that rank, weightiest first.
func (s *Sentence) String() string {
	return strings.Join(s.RankedWords(), " ")
}

// RankedWords are the words that rank, weightiest first.
func (s *Sentence) RankedWords() []string {
	ranked := slices.DeleteFunc(slices.Clone(s.Words), func(w SentenceWord) bool { return !w.Ranked() })
	slices.SortStableFunc(ranked, func(a, b SentenceWord) int {
		switch {
		case a.Weight > b.Weight:
			return -1
		case a.Weight < b.Weight:
			return 1
		}
		return 0
	})
	out := make([]string, len(ranked))
	for i, w := range ranked {
		out[i] = w.Text
	}
	return out
}

// WordTerm is the term of one code word as a query's bare word reads it:
// what a sentence's word is found with in a hit's lines.
func WordTerm(word string) (Term, error) { return parseTerm(word) }
