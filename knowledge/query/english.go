package query

import (
	"strings"

	bleveanalysis "github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
)

// English as a question is written in it: which words are grammar, and
// which code words are forms of the same word. Both come from bleve's
// English analysis (Snowball's stop list and stemmer), maintained there
// rather than listed here.

var stopWords = func() bleveanalysis.TokenMap {
	m := bleveanalysis.NewTokenMap()
	if err := m.LoadBytes(en.EnglishStopWords); err != nil {
		panic(err) // the list is compiled in: it always loads
	}
	return m
}()

// IsStopWord: the lowercase word is English grammar ("the", "does",
// "before"), which says little about which file is meant.
func IsStopWord(low string) bool { return stopWords[low] }

var stemmer = en.NewEnglishStemmerFilter()

// Stem is the Snowball stem of a lowercase word: "decides", "deciding"
// and "decide" share "decid".
func Stem(low string) string {
	ts := stemmer.Filter(bleveanalysis.TokenStream{{Term: []byte(low)}})
	return string(ts[0].Term)
}

// questionWords open a question; with one of them, a '?' or two stop
// words, a sentence reads as a question.
var questionWords = map[string]bool{
	"how": true, "what": true, "where": true, "why": true, "when": true, "which": true, "who": true,
	"does": true, "do": true, "is": true, "are": true, "can": true, "should": true, "show": true, "find": true,
}

// IsQuestion reports whether q is a question written in plain words,
// three or more with no phrase, filter or operator: "How does the agent
// decide to ask before running a command?". Such a query names its
// subject among grammar, so it is ranked by the words that carry meaning
// (see ReadSentence) rather than asked as a conjunction of them all.
func IsQuestion(q string) bool {
	fields := strings.Fields(q)
	if len(fields) < 3 {
		return false
	}
	if _, ok := sentenceWords(q); !ok {
		return false
	}
	stops, plain := 0, 0
	for _, f := range fields {
		low := strings.ToLower(strings.TrimRight(f, "?.!,;"))
		if IsStopWord(low) {
			stops++
		}
		if isPlainWord(strings.TrimRight(f, "?.!,;")) {
			plain++
		}
	}
	first := strings.ToLower(fields[0])
	asked := strings.HasSuffix(strings.TrimSpace(q), "?") || questionWords[first] || stops >= 2
	return asked && stops >= 1 && 2*plain > len(fields)
}

// isPlainWord: w is a word of prose, lowercase letters (the first may be
// a capital) and perhaps an apostrophe, not an identifier (parseConfig,
// handle_errors, v2, HTTP).
func isPlainWord(w string) bool {
	if w == "" {
		return false
	}
	for i, r := range w {
		if i == 0 && r >= 'A' && r <= 'Z' {
			continue
		}
		if (r < 'a' || r > 'z') && r != '\'' && r != '’' {
			return false
		}
	}
	return true
}
