package match

import (
	"strings"
	"unicode/utf8"

	"github.com/hearth-agent/hearth/knowledge/analysis"
	"github.com/hearth-agent/hearth/knowledge/query"
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

// startsWord reports whether a code word whose term begins with term
// starts at data[at]: the whole identifier there, or one of its parts.
func startsWord(data []byte, at int, term string) bool {
	s, e := identAround(data, at)
	id := data[s:e]
	found := false
	analysis.ForEachIdentTerm(id, func(start, end, _ int) {
		found = found || s+start == at && strings.HasPrefix(analysis.FoldString(string(id[start:end])), term)
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
func wordStarts(data []byte, spans [][2]int, t query.Term) [][2]int {
	var out [][2]int
	for _, s := range spans {
		a, b := s[0], s[1]
		for a >= 0 && !startsWord(data, a, t.Words.Start) {
			_, le := lineAt(data, a)
			m := t.LineR.FindIndex(data[a+1 : le])
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
