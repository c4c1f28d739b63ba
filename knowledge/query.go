package knowledge

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/hearth-agent/hearth/knowledge/analysis"
	"github.com/hearth-agent/hearth/knowledge/query"
)

// ErrBadQuery wraps every query syntax error.
var ErrBadQuery = query.ErrBadQuery

type termKind int

const (
	termWord     termKind = iota // one identifier, or several as a phrase
	termPhrase                   // "quoted words"
	termPrefix                   // foo*
	termFuzzy                    // foo~ or foo~2
	termWildcard                 // f*o, *foo: scanned
	termRegex                    // /re/: scanned
)

type term struct {
	kind  termKind
	text  string // as typed, without quotes, slashes or suffix
	fuzz  int
	lineR *regexp.Regexp // finds the term in a line (nil for fuzzy)
	// lit is a substring every match contains (lowercased when fold),
	// used to find candidate lines before running lineR.
	lit  string
	fold bool
	// verify: the index only finds candidates (files holding every
	// identifier); the file must then contain the exact text.
	verify bool
	// prefixed: lineR starts with a case-sensitive literal.
	prefixed bool
	// growLeft, growRight: a wildcard's matches are its literal grown over
	// the word characters before or after it (see wordSpans).
	growLeft, growRight bool
	// phrase holds a phrase's lowercase ASCII words, matched without
	// lineR from the one at anchor (see phraseSpans).
	phrase [][]byte
	anchor int
	// partPrefix, for a case-sensitive wildcard such as *Marshaler, is
	// the start every file holding it has among its code words.
	partPrefix string
	// tri narrows phrases, verified words and scanned patterns to the
	// files holding their literal text's trigrams.
	tri *triQuery
	// words, of a phrase or a verified word, are what the index is asked
	// for, and where a match must start (see analysis.WordsOf).
	words analysis.Words
	// inDataOnly: a word the index holds nowhere, matched only within
	// encoded data (see lookForUnknownAsText).
	inDataOnly bool
	// defOnly: def:Name, a word matched only in the files defining it
	// (see defs.go), each shown at its definition; exactCase when the
	// name has a capital, so that its definition must be spelled so
	// (the index folds case: the files are checked).
	defOnly, exactCase bool
}

// parsedQuery is the query syntax: words (AND), "phrases", prefix*,
// fuzzy~, /regex/, *wildcards, def:Name (the files defining Name), and
// path:/ext:/lang: filters, each negated by a leading "-".
type parsedQuery struct {
	terms []term
	paths []string // lowercased; a glob if it holds * or ?
	// dict, when set, is the index the query will run on, asked while
	// the plan is made (see dictionary).
	dict dictionary
	// definers maps the files defining a word of the query to its term,
	// whose definition line their hits show first.
	definers map[string]string
	exts     []string
	langs    []string
	// notPaths, notExts and notLangs exclude what they name (-path:,
	// -ext:, -lang:), as the same filters unnegated would keep it.
	notPaths, notExts, notLangs []string
	globs                       map[string]*regexp.Regexp // the path filters holding * or ?
}

// scan reports whether the query needs a streaming scan: the kinds an
// inverted index answers slowly or not at all.
func (q *parsedQuery) scan() bool {
	for _, t := range q.terms {
		if t.kind == termWildcard || t.kind == termRegex || (t.kind == termWord && len(Tokens(t.text)) == 0 && t.tri == nil) {
			return true
		}
	}
	return false
}

// parseAlternatives reads each alternative of a query (one when it has
// no OR) before any runs, so a mistake in the last is reported at once.
func parseAlternatives(s string) ([]*parsedQuery, error) {
	alts, err := query.Alternatives(s)
	if err != nil {
		return nil, err
	}
	if alts == nil {
		alts = []string{s}
	}
	parsed := make([]*parsedQuery, len(alts))
	for i, alt := range alts {
		if parsed[i], err = parseQuery(alt); err != nil {
			return nil, err
		}
	}
	return parsed, nil
}

func parseQuery(s string) (*parsedQuery, error) {
	q := &parsedQuery{}
	for _, f := range query.Fields(s) {
		if f.Quoted {
			if strings.TrimSpace(f.Text) == "" {
				continue
			}
			// The phrase's grams need no care for its spacing: grams fold
			// whitespace runs, as the \s+ between its words does.
			lowered, anchor := phraseWords(f.Text)
			words := analysis.WordsOf(f.Text)
			q.terms = append(q.terms, term{kind: termPhrase, text: f.Text, lineR: phraseRegexp(f.Text),
				lit: foldLiteral(longestWord(f.Text)), fold: true, verify: true, tri: boundaryQuery(f.Text, words.ToGrams),
				phrase: lowered, anchor: anchor, words: words})
			continue
		}
		if name, ok, err := query.Def(f.Text); ok || err != nil {
			if err != nil {
				return nil, err
			}
			t, err := parseDef(name)
			if err != nil {
				return nil, err
			}
			if t.text != "" {
				q.terms = append(q.terms, t)
			}
			continue
		}
		if kind, not, val, ok := query.Filter(f.Text); ok {
			var keep, drop *[]string
			switch kind {
			case "path":
				keep, drop, val = &q.paths, &q.notPaths, strings.TrimPrefix(val, "./")
			case "ext":
				keep, drop, val = &q.exts, &q.notExts, strings.TrimPrefix(val, ".")
			case "lang":
				keep, drop = &q.langs, &q.notLangs
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
		q.terms = append(q.terms, t)
	}
	if len(q.terms) == 0 && !q.filtered() {
		return nil, fmt.Errorf("%w: empty query", ErrBadQuery)
	}
	q.compileGlobs()
	return q, nil
}

// filtered: the query has a filter, negated or not.
func (q *parsedQuery) filtered() bool {
	return len(q.paths)+len(q.exts)+len(q.langs)+len(q.notPaths)+len(q.notExts)+len(q.notLangs) > 0
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
