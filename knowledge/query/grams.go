package query

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// Which of the index's grams (see analysis.LiteralGrams) a file must hold
// to be worth reading for a literal, a phrase or a regular expression.
// The knowledge package turns a Grams into a query of the trigram field.

// Grams is what a pattern needs of a file's grams (the index's trigram
// field): all of All, and every one of Sub (Or false) or at least one
// (Or true). A nil *Grams constrains nothing.
type Grams struct {
	Or  bool
	All []string
	Sub []*Grams
}

// LiteralGrams requires every gram of lit.
func LiteralGrams(lit string) *Grams {
	tris := analysis.LiteralGrams(lit)
	if len(tris) == 0 {
		return nil
	}
	return &Grams{All: tris}
}

// BoundaryGrams requires only the grams that span a space in lit, and
// the grams of toGrams, the words of lit that analysis.WordsOf leaves to them. For
// phrases and dotted words the index already requires every other word
// as a term, so the trigrams inside those add nothing: each would cost a
// posting-list read per segment for no narrowing.
func BoundaryGrams(lit string, toGrams []string) *Grams {
	var spanning []string
	for _, g := range analysis.LiteralGrams(lit) {
		if len(g) == 5 || g[0] >= utf8.RuneSelf { // CJK pairs: analysis.WordsOf leaves CJK words out
			spanning = append(spanning, g)
		}
	}
	for _, id := range toGrams {
		for _, g := range analysis.LiteralGrams(id) { // a CJK word's are among the above
			if !slices.Contains(spanning, g) {
				spanning = append(spanning, g)
			}
		}
	}
	if len(spanning) == 0 {
		return nil
	}
	return &Grams{All: spanning}
}

// RegexGrams derives the grams every match of re must contain: the
// literal runs of concatenations, alternatives as ORs, anything optional
// or a character class as no constraint.
func RegexGrams(re string) *Grams {
	p, err := syntax.Parse(re, syntax.Perl)
	if err != nil {
		return nil
	}
	return regexNode(p.Simplify())
}

func regexNode(r *syntax.Regexp) *Grams {
	switch r.Op {
	case syntax.OpLiteral:
		if s, ok := foldableLiteral(r); ok {
			return LiteralGrams(s)
		}
	case syntax.OpCapture, syntax.OpPlus:
		return regexNode(r.Sub[0])
	case syntax.OpRepeat:
		if r.Min >= 1 {
			return regexNode(r.Sub[0])
		}
	case syntax.OpConcat:
		var parts []*Grams
		var run strings.Builder
		flush := func() {
			if q := LiteralGrams(run.String()); q != nil {
				parts = append(parts, q)
			}
			run.Reset()
		}
		for _, sub := range r.Sub {
			if s, ok := foldableLiteral(sub); ok {
				run.WriteString(s)
				continue
			}
			flush()
			if q := regexNode(sub); q != nil {
				parts = append(parts, q)
			}
		}
		flush()
		return allGrams(parts)
	case syntax.OpAlternate:
		q := &Grams{Or: true}
		for _, sub := range r.Sub {
			s := regexNode(sub)
			if s == nil {
				return nil // one alternative needs nothing: neither does the whole
			}
			q.Sub = append(q.Sub, s)
		}
		return q
	}
	return nil
}

// foldableLiteral returns a literal node's text as the index can look
// for it. Under case folding, non-ASCII letters with case (whose variants
// may have other byte lengths) become a NUL, which no gram contains, so
// the literal is cut there; caseless ones (CJK) stay. ASCII folds as ASCII: like the rest of Hearth's prefilters
// this leaves out the two non-ASCII variants of ASCII letters, the long s
// (U+017F) and the Kelvin sign (U+212A).
func foldableLiteral(r *syntax.Regexp) (string, bool) {
	if r.Op != syntax.OpLiteral {
		return "", false
	}
	if r.Flags&syntax.FoldCase == 0 {
		return string(r.Rune), true
	}
	out := make([]rune, len(r.Rune))
	for i, c := range r.Rune {
		out[i] = c
		if c >= utf8.RuneSelf && unicode.SimpleFold(c) != c {
			out[i] = 0
		}
	}
	return string(out), true
}

func allGrams(parts []*Grams) *Grams {
	switch len(parts) {
	case 0:
		return nil
	case 1:
		return parts[0]
	}
	return &Grams{Sub: parts}
}
