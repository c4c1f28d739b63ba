package query

import (
	"strings"
	"unicode"
)

// AnyWord is q's words joined by OR when q reads as a sentence: two or
// more words, no phrase, filter or operator, sentence punctuation aside.
// A sentence seldom has every word in one file, so this is the query to
// ask when q found nothing. Words of one letter and the sentence's
// stop words ("where is the") are left out, since they would rank
// files for grammar rather than subject, unless nothing else is left; only
// the first maxAlternatives distinct words count.
func AnyWord(q string) (string, bool) {
	words, ok := sentenceWords(q)
	if !ok {
		return "", false
	}
	return strings.Join(words, " "+orOperator+" "), true
}

// sentenceWords are the words of q that carry meaning, as AnyWord reads
// them; false when q is no sentence.
func sentenceWords(q string) ([]string, bool) {
	var words, grammar []string
	seen := map[string]bool{}
	for _, f := range strings.Fields(q) {
		if f == orOperator || strings.ContainsAny(f, `":*~/()\[]{}`) || strings.HasPrefix(f, "-") {
			return nil, false
		}
		// "user's", "read-only": the parts are the words.
		parts := strings.FieldsFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' })
		for _, w := range parts {
			key := strings.ToLower(w)
			if len([]rune(w)) < 2 || seen[key] {
				continue
			}
			seen[key] = true
			// A piece of a compound ("read-only") means something with
			// its neighbour, whatever it means alone.
			if IsStopWord(key) && !strings.Contains(f, "-") {
				grammar = append(grammar, w)
			} else {
				words = append(words, w)
			}
		}
	}
	if len(words) == 0 {
		words = grammar
	}
	words = words[:min(len(words), maxAlternatives)]
	if len(seen) < 2 || len(words) == 0 {
		return nil, false
	}
	return words, true
}
