package query

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// What a term's text becomes when a file is searched for it: the literal
// looked for first, and a phrase's words.

// FoldLiteral is the literal a case-insensitive search for s looks for
// first: folded text is searched with ASCII case ignored, so it is the
// longest piece of s free of other runes that have case (Ошибка has
// none: "", and the term's regexp reads the file), ASCII-lowercased.
func FoldLiteral(s string) string {
	best, start := "", 0
	for i, r := range s {
		if r >= utf8.RuneSelf && unicode.SimpleFold(r) != r {
			if i-start > len(best) {
				best = s[start:i]
			}
			start = i + utf8.RuneLen(r)
		}
	}
	if len(s)-start > len(best) {
		best = s[start:]
	}
	return asciiLowerString(best)
}

// regexLiteral returns a literal that every match of re contains, for a
// fast prefilter; fold means it is lowercased and must be searched in
// lowercased text. "" means no literal is known.
func regexLiteral(re *regexp.Regexp) (string, bool) {
	p, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return "", false
	}
	p = p.Simplify()
	lit := func(r *syntax.Regexp) (string, bool) {
		if r.Op != syntax.OpLiteral {
			return "", false
		}
		if r.Flags&syntax.FoldCase != 0 {
			return FoldLiteral(string(r.Rune)), true
		}
		return string(r.Rune), false
	}
	if s, fold := lit(p); s != "" {
		return s, fold
	}
	best, bestFold := "", false
	if p.Op == syntax.OpConcat {
		for _, sub := range p.Sub {
			if s, fold := lit(sub); len(s) > len(best) {
				best, bestFold = s, fold
			}
		}
	}
	return best, bestFold
}

// PhraseWords returns the lowercased words of an ASCII phrase and the
// index of the word the search looks for first: the one holding the
// rarest byte (the longest of those), since that byte is what the search
// skips through the text to ("invalid": v, not "argument": g, which
// occurs every few dozen bytes of code). Nil when the phrase has
// non-ASCII text, which its regexp handles instead.
func PhraseWords(p string) ([][]byte, int) {
	if !isASCII(p) {
		return nil, 0
	}
	var words [][]byte
	anchor := 0
	for i, w := range strings.Fields(asciiLowerString(p)) {
		words = append(words, []byte(w))
		r, best := rarest(words[i]), rarest(words[anchor])
		if r < best || r == best && len(w) > len(words[anchor]) {
			anchor = i
		}
	}
	return words, anchor
}

// rarest is the rarity rank of w's rarest byte (lower is rarer).
func rarest(w []byte) uint8 {
	r := uint8(255)
	for _, c := range w {
		r = min(r, analysis.ByteRarity[c])
	}
	return r
}

// longestWord is the rarest-looking word of a phrase, for the prefilter.
func longestWord(s string) string {
	best := ""
	for _, w := range strings.Fields(s) {
		if len(w) > len(best) {
			best = w
		}
	}
	return best
}

func phraseRegexp(p string) *regexp.Regexp {
	words := strings.Fields(p)
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	return regexp.MustCompile(`(?i)` + strings.Join(words, `\s+`))
}

func asciiLowerString(s string) string {
	out := []byte(s)
	for i, c := range out {
		if 'A' <= c && c <= 'Z' {
			out[i] = c + 'a' - 'A'
		}
	}
	return string(out)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
