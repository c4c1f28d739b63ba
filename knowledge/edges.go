package knowledge

import (
	"strings"
	"unicode/utf8"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// A phrase, or a word written with punctuation (os.Open, net/http), is
// found where a grep finds its text, case ignored, with one rule more:
// it starts where a code word starts (an identifier, or one of its
// camelCase, snake_case or digit parts), since the index is asked for
// its first word as a code word; "such file" is not found inside
// "nosuch file". Its last word may go on in the file, as a grep lets it:
// "FROM user" finds "FROM users", so the index is asked for the code
// words starting with it. Before this rule the index asked for every
// word whole, so such files were missed unless something else made them
// candidates, and then their lines were shown.

// literalWords are what the index is asked for a literal's text.
type literalWords struct {
	// terms holds each identifier's term (the whole identifier's), CJK
	// ones left out: there a searched word is mostly part of a longer
	// run, which its grams find instead.
	terms []string
	// toGrams holds the identifiers asked for through their grams
	// instead (see analysis.LeftToGrams), in order.
	toGrams []string
	// start is the term a code word starting at a match must begin
	// with: the first identifier's, when the text starts with one that
	// is not data, hex or CJK; "" otherwise.
	start string
	// openEnd: the last of terms ends the text, so a file's word may go
	// on past it.
	openEnd bool
}

func wordsOf(text string) literalWords { return wordsKnown(text, nil) }

// wordsKnown is wordsOf for an index that holds the terms known reports
// (nil: any; open: the identifier ends the text, and a term starting
// with it will do): an identifier it does not hold is left to its grams,
// as one that is no code word there (a piece of a hash or of a base64
// line) can only be found as text. The first one still starts a code
// word in the text (see startsWord).
func wordsKnown(text string, known func(term string, open bool) bool) literalWords {
	text = strings.TrimSpace(text)
	b := []byte(text)
	var w literalWords
	analysis.ForEachIdentOrData(b, func(start, end int, inData bool) {
		w.openEnd = false // until this identifier is a term ending the text
		id := text[start:end]
		if analysis.LeftToGrams(id, inData) {
			w.toGrams = append(w.toGrams, id)
			return
		}
		ts := (codeAnalyzer{}).Analyze(b[start:end])
		if len(ts) == 0 {
			return
		}
		term := string(ts[0].Term) // the whole identifier comes first
		if start == 0 {
			w.start = term
		}
		if known != nil && !known(term, end == len(b)) {
			w.toGrams = append(w.toGrams, id)
			return
		}
		w.terms = append(w.terms, term)
		w.openEnd = end == len(b)
	})
	return w
}

// startsWord reports whether a code word whose term begins with term
// starts at data[at]: the whole identifier there, or one of its parts.
func startsWord(data []byte, at int, term string) bool {
	s, e := identAround(data, at)
	id := data[s:e]
	found := false
	analysis.ForEachIdentTerm(id, func(start, end, _ int) {
		found = found || s+start == at && strings.HasPrefix(foldString(string(id[start:end])), term)
	})
	return found
}

// identAround returns the identifier holding the word rune at data[at],
// as analysis.ForEachIdent cuts identifiers: word runes, and a '-' between a word
// rune and a word rune other than '_'. It looks only at the identifier's
// own bytes, as a minified file's line can be megabytes long.
func identAround(data []byte, at int) (int, int) {
	start := at
	for start > 0 {
		r, size := utf8.DecodeLastRune(data[:start])
		if !analysis.IsWordRune(r) && !(r == '-' && kebabDash(data, start-size)) {
			break
		}
		start -= size
	}
	end := at
	for end < len(data) {
		r, size := utf8.DecodeRune(data[end:])
		if !analysis.IsWordRune(r) && !(r == '-' && kebabDash(data, end)) {
			break
		}
		end += size
	}
	return start, end
}

// kebabDash: the '-' at data[i] joins two words (user-name) into one
// identifier.
func kebabDash(data []byte, i int) bool {
	if i == 0 || i+1 >= len(data) {
		return false
	}
	prev, _ := utf8.DecodeLastRune(data[:i])
	next, _ := utf8.DecodeRune(data[i+1:])
	return analysis.IsWordRune(prev) && next != '_' && analysis.IsWordRune(next)
}

// wordStarts keeps the matches of t that start a code word. A match left
// out may hide one overlapping it ("a a" within "ba a a"), so its line is
// searched again from the next byte.
func wordStarts(data []byte, spans [][2]int, t term) [][2]int {
	var out [][2]int
	for _, s := range spans {
		a, b := s[0], s[1]
		for a >= 0 && !startsWord(data, a, t.words.start) {
			_, le := lineAt(data, a)
			m := t.lineR.FindIndex(data[a+1 : le])
			if m == nil {
				a = -1
				break
			}
			a, b = a+1+m[0], a+1+m[1]
		}
		if a >= 0 && (len(out) == 0 || a >= out[len(out)-1][1]) {
			out = append(out, [2]int{a, b})
		}
	}
	return out
}
