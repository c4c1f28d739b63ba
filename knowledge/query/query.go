package query

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// A Query is one alternative of a query string, read into what the index
// runs: words (AND), "phrases", prefix*, fuzzy~, /regex/, *wildcards,
// def:Name (the files defining Name), and path:/ext:/lang: filters, each
// negated by a leading "-". Plan then decides, against the index's
// Dictionary, what each term asks of it.
type Query struct {
	Terms []Term
	Paths []string // lowercased; a glob if it holds * or ?
	Exts  []string
	Langs []string
	// NotPaths, NotExts and NotLangs exclude what they name (-path:,
	// -ext:, -lang:), as the same filters unnegated would keep it.
	NotPaths, NotExts, NotLangs []string
	// Globs are the path filters holding * or ?, compiled.
	Globs map[string]*regexp.Regexp
	// NamedPaths are the files each path filter (negated or not) holds,
	// named by Plan; a filter missing here is a pattern of the path.
	NamedPaths map[string]PathTerms
}

// Parse reads each alternative of a query (one when it has no OR) before
// any runs, so a mistake in the last is reported at once.
func Parse(s string) ([]*Query, error) {
	alts, err := Alternatives(s)
	if err != nil {
		return nil, err
	}
	if alts == nil {
		alts = []string{s}
	}
	parsed := make([]*Query, len(alts))
	for i, alt := range alts {
		if parsed[i], err = parseOne(alt); err != nil {
			return nil, err
		}
	}
	return parsed, nil
}

func parseOne(s string) (*Query, error) {
	q := &Query{}
	for _, f := range Fields(s) {
		if f.Quoted {
			if strings.TrimSpace(f.Text) == "" {
				continue
			}
			// The phrase's grams need no care for its spacing: grams fold
			// whitespace runs, as the \s+ between its words does.
			lowered, anchor := PhraseWords(f.Text)
			words := analysis.WordsOf(f.Text)
			q.Terms = append(q.Terms, Term{Kind: Phrase, Text: f.Text, LineR: phraseRegexp(f.Text),
				Lit: FoldLiteral(longestWord(f.Text)), Fold: true, Verify: true, Grams: BoundaryGrams(f.Text, words.ToGrams),
				Phrase: lowered, Anchor: anchor, Words: words})
			continue
		}
		if name, ok, err := Def(f.Text); ok || err != nil {
			if err != nil {
				return nil, err
			}
			t, err := parseDef(name)
			if err != nil {
				return nil, err
			}
			if t.Text != "" {
				q.Terms = append(q.Terms, t)
			}
			continue
		}
		if kind, not, val, ok := Filter(f.Text); ok {
			var keep, drop *[]string
			switch kind {
			case "path":
				keep, drop, val = &q.Paths, &q.NotPaths, strings.TrimPrefix(val, "./")
			case "ext":
				keep, drop, val = &q.Exts, &q.NotExts, strings.TrimPrefix(val, ".")
			case "lang":
				keep, drop = &q.Langs, &q.NotLangs
			}
			if not {
				keep = drop
			}
			// A filter still being typed constrains nothing (it
			// searched the word "path").
			if val != "" {
				*keep = append(*keep, strings.ToLower(val))
			}
			continue
		}
		t, err := parseTerm(f.Text)
		if err != nil {
			return nil, err
		}
		q.Terms = append(q.Terms, t)
	}
	if len(q.Terms) == 0 && !q.Filtered() {
		return nil, fmt.Errorf("%w: empty query", ErrBadQuery)
	}
	q.compileGlobs()
	return q, nil
}

// Scan reports whether the query needs a streaming scan: the kinds an
// inverted index answers slowly or not at all.
func (q *Query) Scan() bool {
	for _, t := range q.Terms {
		if t.Kind == Wildcard || t.Kind == Regex || (t.Kind == Word && len(analysis.Terms(t.Text)) == 0 && t.Grams == nil) {
			return true
		}
	}
	return false
}

// Filtered: the query has a filter, negated or not.
func (q *Query) Filtered() bool {
	return len(q.Paths)+len(q.Exts)+len(q.Langs)+len(q.NotPaths)+len(q.NotExts)+len(q.NotLangs) > 0
}

// DefOnlyTerm is the query's def:name term, if it has one.
func (q *Query) DefOnlyTerm() (Term, bool) {
	for _, t := range q.Terms {
		if t.DefOnly {
			return t, true
		}
	}
	return Term{}, false
}

// PhrasePairs are the pair keys of the query's ASCII phrases (see
// analysis.PairSketch).
func (q *Query) PhrasePairs() []uint64 {
	var keys []uint64
	for _, t := range q.Terms {
		if t.Kind == Phrase {
			keys = append(keys, analysis.PhrasePairs(t.Phrase)...)
		}
	}
	return keys
}

// PathMatch: the lowercased path low holds the path filter p, or matches
// the glob p.
func (q *Query) PathMatch(p, low string) bool {
	if re, ok := q.Globs[p]; ok {
		return re != nil && re.MatchString(low)
	}
	return strings.Contains(low, p)
}

// compileGlobs compiles each path filter holding * or ? once per query:
// compiled per path, it dominated a scan of a big tree.
func (q *Query) compileGlobs() {
	for _, p := range slices.Concat(q.Paths, q.NotPaths) {
		if strings.ContainsAny(p, "*?") {
			if q.Globs == nil {
				q.Globs = map[string]*regexp.Regexp{}
			}
			q.Globs[p] = globRegexp(p)
		}
	}
}

// globRegexp has the index's wildcard semantics (* any run, ? one
// character), for where the index is bypassed; nil if it cannot compile.
func globRegexp(pattern string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for _, r := range pattern {
		switch r {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	b.WriteString("$")
	re, _ := regexp.Compile(b.String())
	return re
}
