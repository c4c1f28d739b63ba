package knowledge

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// triQuery is what a pattern needs of a file's trigrams: all of tris,
// and every sub (op and) or at least one sub (op or). A nil *triQuery
// constrains nothing.
type triQuery struct {
	or   bool
	tris []string
	sub  []*triQuery
}

// trigramBoost keeps the trigram filter from weighing in the ranking:
// words rank, trigrams only select.
const trigramBoost = 1e-3

// literalQuery requires every trigram of lit.
func literalQuery(lit string) *triQuery {
	tris := analysis.LiteralGrams(lit)
	if len(tris) == 0 {
		return nil
	}
	return &triQuery{tris: tris}
}

// boundaryQuery requires only the grams that span a space in lit, and
// the grams of toGrams, the words of lit that analysis.WordsOf leaves to them. For
// phrases and dotted words the index already requires every other word
// as a term, so the trigrams inside those add nothing: each would cost a
// posting-list read per segment for no narrowing.
func boundaryQuery(lit string, toGrams []string) *triQuery {
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
	return &triQuery{tris: spanning}
}

// regexQuery derives the trigrams every match of re must contain: the
// literal runs of concatenations, alternatives as ORs, anything optional
// or a character class as no constraint.
func regexQuery(re string) *triQuery {
	p, err := syntax.Parse(re, syntax.Perl)
	if err != nil {
		return nil
	}
	return regexNode(p.Simplify())
}

func regexNode(r *syntax.Regexp) *triQuery {
	switch r.Op {
	case syntax.OpLiteral:
		if s, ok := foldableLiteral(r); ok {
			return literalQuery(s)
		}
	case syntax.OpCapture, syntax.OpPlus:
		return regexNode(r.Sub[0])
	case syntax.OpRepeat:
		if r.Min >= 1 {
			return regexNode(r.Sub[0])
		}
	case syntax.OpConcat:
		var parts []*triQuery
		var run strings.Builder
		flush := func() {
			if q := literalQuery(run.String()); q != nil {
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
		return andQuery(parts)
	case syntax.OpAlternate:
		q := &triQuery{or: true}
		for _, sub := range r.Sub {
			s := regexNode(sub)
			if s == nil {
				return nil // one alternative needs nothing: neither does the whole
			}
			q.sub = append(q.sub, s)
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

func andQuery(parts []*triQuery) *triQuery {
	switch len(parts) {
	case 0:
		return nil
	case 1:
		return parts[0]
	}
	return &triQuery{sub: parts}
}

// bleve turns the requirement into an index query; nil when there is none.
func (q *triQuery) bleve() query.Query {
	if q == nil {
		return nil
	}
	var qs []query.Query
	for _, t := range q.tris {
		tq := query.NewTermQuery(t)
		tq.SetField(fieldTrigram)
		tq.SetBoost(trigramBoost)
		qs = append(qs, tq)
	}
	for _, s := range q.sub {
		qs = append(qs, s.bleve())
	}
	if len(qs) == 1 {
		return qs[0]
	}
	if q.or {
		return query.NewDisjunctionQuery(qs)
	}
	return query.NewConjunctionQuery(qs)
}
