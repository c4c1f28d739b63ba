package knowledge

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// ErrBadQuery wraps every query syntax error.
var ErrBadQuery = errors.New("bad query")

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
	// for, and where a match must start (see wordsOf).
	words literalWords
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

func parseQuery(s string) (*parsedQuery, error) {
	q := &parsedQuery{}
	for _, f := range splitQuery(s) {
		if f.quoted {
			if strings.TrimSpace(f.text) == "" {
				continue
			}
			// The phrase's grams need no care for its spacing: grams fold
			// whitespace runs, as the \s+ between its words does.
			lowered, anchor := phraseWords(f.text)
			words := wordsOf(f.text)
			q.terms = append(q.terms, term{kind: termPhrase, text: f.text, lineR: phraseRegexp(f.text),
				lit: foldLiteral(longestWord(f.text)), fold: true, verify: true, tri: boundaryQuery(f.text, words.toGrams),
				phrase: lowered, anchor: anchor, words: words})
			continue
		}
		if name, ok, err := defOf(f.text); ok || err != nil {
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
		if kind, not, val, ok := filterOf(f.text); ok {
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
		t, err := parseTerm(f.text)
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

// filterOf reads a path:, file: (path's other name), ext: or lang:
// filter, negated by a leading "-".
func filterOf(text string) (kind string, not bool, val string, ok bool) {
	key, val, found := strings.Cut(text, ":")
	if !found {
		return "", false, "", false
	}
	kind, not = strings.CutPrefix(strings.ToLower(key), "-")
	switch kind {
	case "path", "ext", "lang":
		return kind, not, val, true
	case "file":
		return "path", not, val, true
	}
	return "", false, "", false
}

// filtered: the query has a filter, negated or not.
func (q *parsedQuery) filtered() bool {
	return len(q.paths)+len(q.exts)+len(q.langs)+len(q.notPaths)+len(q.notExts)+len(q.notLangs) > 0
}

type field struct {
	text   string
	quoted bool
}

// splitQuery splits on spaces, keeping "quoted phrases" together.
func splitQuery(s string) []field {
	var out []field
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '/' { // a /regex/ may hold spaces
			if end := closingSlash(s); end > 0 {
				out = append(out, field{text: s[:end+1]})
				s = s[end+1:]
				continue
			}
		}
		if s[0] == '"' {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				out = append(out, field{text: s[1:], quoted: true})
				break
			}
			out = append(out, field{text: s[1 : end+1], quoted: true})
			s = s[end+2:]
			continue
		}
		end := strings.IndexFunc(s, unicode.IsSpace)
		if end < 0 {
			end = len(s)
		}
		out = append(out, field{text: s[:end]})
		s = s[end:]
	}
	return out
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

// closingSlash finds the unescaped '/' closing a /regex/ at s[0].
func closingSlash(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '/':
			if i > 1 && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\t') {
				return i
			}
		}
	}
	return -1
}
