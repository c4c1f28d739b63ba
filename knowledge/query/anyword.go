package query

import (
	"strings"
	"unicode"
)

// AnyWord is q's words joined by OR when q reads as a sentence: two or
// more words, no phrase, filter or operator, sentence punctuation aside.
// A sentence seldom has every word in one file, so this is the query to
// ask when q found nothing. Words of one letter and the sentence's
// function words ("where is the") are left out, since they would rank
// files for grammar rather than subject, unless nothing else is left; only
// the first maxAlternatives distinct words count.
func AnyWord(q string) (string, bool) {
	var words, grammar []string
	seen := map[string]bool{}
	for _, f := range strings.Fields(q) {
		if f == orOperator || strings.ContainsAny(f, `":*~/()\[]{}`) || strings.HasPrefix(f, "-") {
			return "", false
		}
		// "user's", "read-only": the parts are the words.
		for _, w := range strings.FieldsFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) {
			key := strings.ToLower(w)
			if len([]rune(w)) < 2 || seen[key] {
				continue
			}
			seen[key] = true
			if functionWords[key] {
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
		return "", false
	}
	return strings.Join(words, " "+orOperator+" "), true
}

// functionWords are English words a question is built of; they say little
// about which file is meant.
var functionWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a about all an and any are as at be been but by can could did do does
		for from had has have how i if in into is it its me my not of on or our should so than that the their
		them then there these they this those to was we were what when where which who why will with would
		you your`) {
		functionWords[w] = true
	}
}
