package match

import (
	"bytes"
	"regexp"

	"github.com/hearth-agent/hearth/knowledge/analysis"
	"github.com/hearth-agent/hearth/knowledge/query"
)

// Spans returns the byte ranges of t in data (see termSpans).
func Spans(data []byte, t query.Term) [][2]int { return termSpans(&textView{data: data}, t) }

// termSpans returns byte ranges of t in the text; a phrase's or a
// punctuated word's only where they start a code word (see analysis.WordsOf).
func termSpans(v *textView, t query.Term) [][2]int {
	spans := textSpans(v, t)
	if t.InDataOnly {
		spans = analysis.WithinData(v.data, spans)
	}
	if t.Words.Start == "" || len(spans) == 0 {
		return spans
	}
	return wordStarts(v.data, spans, t)
}

// textSpans returns byte ranges of t's text. A literal every match
// contains finds the candidate lines fast; the term's regexp then runs on
// those lines only (a leading \w* makes Go's regexp crawl on whole files).
func textSpans(v *textView, t query.Term) [][2]int {
	switch {
	case t.Kind == query.Fuzzy:
		return fuzzySpans(v.data, analysis.FoldString(t.Text), t.Fuzz)
	case t.LineR == nil:
		return nil
	case len(t.Phrase) > 0:
		return phraseSpans(v.data, t.Phrase, t.Anchor)
	case t.Kind == query.Word && t.Lit != "" && IsASCII(t.Text):
		return v.literalSpans(t.Lit, true)
	case t.GrowLeft || t.GrowRight:
		return wordSpans(v, t)
	case t.Lit == "" || t.Prefixed:
		// A regexp with a literal prefix skips through the text by itself
		// (one pass beats a call per line when the literal is frequent),
		// but a longer literal after the prefix rules most files out
		// first: "func (" is in most Go files, " *Reader) Read" in few.
		if prefix, _ := t.LineR.LiteralPrefix(); t.Prefixed && t.Lit != prefix && !v.mayMatch(t) {
			return nil
		}
		return lineMatches(t.LineR, v.data)
	}
	var out [][2]int
	lastLine := -1
	for _, l := range v.literalSpans(t.Lit, t.Fold) {
		if l[0] < lastLine {
			continue // this line was already searched
		}
		ls, le := lineAt(v.data, l[0])
		lastLine = le + 1
		out = append(out, toSpans(t.LineR.FindAllIndex(v.data[ls:le], -1), ls)...)
		if len(out) >= maxMatchesFound {
			break
		}
	}
	return out
}

// wordSpans finds a *literal* wildcard's matches without its regexp,
// which on every byte of a word would run \w* to the word's end: each
// occurrence of the literal grows over the ASCII word characters (\w)
// before and after it, and overlapping matches merge, as the greedy
// regexp's single match would cover them.
func wordSpans(v *textView, t query.Term) [][2]int {
	var out [][2]int
	for _, s := range v.literalSpans(t.Lit, t.Fold) {
		a, b := s[0], s[1]
		for t.GrowLeft && a > 0 && isWordByte(v.data[a-1]) {
			a--
		}
		for t.GrowRight && b < len(v.data) && isWordByte(v.data[b]) {
			b++
		}
		if n := len(out); n > 0 && a < out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], b)
			continue
		}
		out = append(out, [2]int{a, b})
	}
	return out
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// lineMatches finds re's matches within lines, as a grep does: a match
// running over a line end is replaced by the matches inside its first
// line, and the search goes on from the next line's start (a position
// where ^ and \b see the same context as in the whole text). Searching
// the whole text at once keeps the common case as fast as one regex pass.
func lineMatches(re *regexp.Regexp, data []byte) [][2]int {
	var out [][2]int
	for pos := 0; pos < len(data) && len(out) < maxMatchesFound; {
		next := len(data)
		for _, m := range re.FindAllIndex(data[pos:], maxMatchesFound-len(out)) {
			a, b := pos+m[0], pos+m[1]
			if bytes.IndexByte(data[a:b], '\n') < 0 {
				if b > a {
					out = append(out, [2]int{a, b})
				}
				continue
			}
			ls, le := lineAt(data, a)
			for _, l := range re.FindAllIndex(data[ls:le], -1) {
				if ls+l[0] >= a && l[1] > l[0] {
					out = append(out, [2]int{ls + l[0], ls + l[1]})
				}
			}
			next = le + 1
			break
		}
		pos = next
	}
	return out
}

func toSpans(idx [][]int, base int) [][2]int {
	out := make([][2]int, len(idx))
	for i, p := range idx {
		out[i] = [2]int{base + p[0], base + p[1]}
	}
	return out
}
