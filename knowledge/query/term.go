package query

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// A Kind is what a clause of a query asks for.
type Kind int

const (
	Word     Kind = iota // one identifier, or several as a phrase
	Phrase               // "quoted words"
	Prefix               // foo*
	Fuzzy                // foo~ or foo~2
	Wildcard             // f*o, *foo: scanned
	Regex                // /re/: scanned
)

// A Term is one clause of a query as the index runs it: what it asks the
// index for, and how a file's text is then searched for it.
type Term struct {
	Kind  Kind
	Text  string // as typed, without quotes, slashes or suffix
	Fuzz  int
	LineR *regexp.Regexp // finds the term in a line (nil for fuzzy)
	// Lit is a substring every match contains (lowercased when Fold),
	// used to find candidate lines before running LineR.
	Lit  string
	Fold bool
	// Verify: the index only finds candidates (files holding every
	// identifier); the file must then contain the exact text.
	Verify bool
	// Prefixed: LineR starts with a case-sensitive literal.
	Prefixed bool
	// GrowLeft, GrowRight: a wildcard's matches are its literal grown
	// over the word characters before or after it.
	GrowLeft, GrowRight bool
	// Phrase holds a phrase's lowercase ASCII words, matched without
	// LineR from the one at Anchor.
	Phrase [][]byte
	Anchor int
	// PartPrefix, for a case-sensitive wildcard such as *Marshaler, is
	// the start every file holding it has among its code words.
	PartPrefix string
	// Grams narrows phrases, verified words and scanned patterns to the
	// files holding their literal text's grams.
	Grams *Grams
	// Words, of a phrase or a verified word, are what the index is asked
	// for, and where a match must start (see analysis.WordsOf).
	Words analysis.Words
	// InDataOnly: a word the index holds nowhere, matched only within
	// encoded data (see LookForUnknownAsText).
	InDataOnly bool
	// DefOnly: def:Name, a word matched only in the files defining it,
	// each shown at its definition; ExactCase when the name has a
	// capital, so that its definition must be spelled so (the index
	// folds case: the files are checked).
	DefOnly, ExactCase bool

	// What Plan decided to ask the index (see Query.Plan).

	// InPaths: a bare word is asked of the path field too, as some path
	// holds its words.
	InPaths bool
	// Defined is the term a word asks the def field for, as some file
	// defines it; "" when none does.
	Defined string
	// Open is how the last word of a phrase or a verified word is asked
	// for when it may go on in the file (Words.OpenEnd).
	Open OpenWord
}

// parseTerm reads one unquoted term: a /regex/, fuzzy~N, prefix*, a
// wildcard, or a word.
func parseTerm(s string) (Term, error) {
	switch {
	case len(s) > 2 && strings.HasPrefix(s, "/") && strings.HasSuffix(s, "/"):
		// (?m): ^ and $ mark line starts and ends, as in a grep.
		re, err := regexp.Compile("(?m)" + smartCase(s[1:len(s)-1]))
		if err != nil {
			if _, own := regexp.Compile(s[1 : len(s)-1]); own != nil {
				err = own // names the pattern as typed, not with the flags added here
			}
			return Term{}, fmt.Errorf("%w: %v", ErrBadQuery, err)
		}
		lit, fold := regexLiteral(re)
		prefix, _ := re.LiteralPrefix()
		return Term{Kind: Regex, Text: s[1 : len(s)-1], LineR: re, Lit: lit, Fold: fold,
			Prefixed: len(prefix) >= 3, Grams: RegexGrams(re.String())}, nil
	case strings.Contains(s, "~") && !strings.HasPrefix(s, "~"):
		i := strings.LastIndex(s, "~")
		fuzz := 1
		if rest := s[i+1:]; rest != "" {
			n, err := strconv.Atoi(rest)
			if err != nil || n < 0 || n > 2 {
				return Term{}, fmt.Errorf("%w: fuzziness in %q must be 0, 1 or 2", ErrBadQuery, s)
			}
			fuzz = n
		}
		word := s[:i]
		if !isOneIdent(word) {
			return Term{}, fmt.Errorf("%w: fuzzy %q must be a single word", ErrBadQuery, s)
		}
		return Term{Kind: Fuzzy, Text: word, Fuzz: fuzz}, nil
	case strings.HasSuffix(s, "*") && !strings.Contains(s[:len(s)-1], "*") && len(s) > 1:
		word := s[:len(s)-1]
		if !isOneIdent(word) {
			return Term{}, fmt.Errorf("%w: prefix %q must be a single word", ErrBadQuery, s)
		}
		if analysis.SearchedAsText(word) {
			return parseTerm(word) // found as text (CJK, hex): a prefix is one already
		}
		// GrowRight: the matches are the word's occurrences grown over
		// the word characters after them, found without the regexp.
		return Term{Kind: Prefix, Text: word, LineR: regexp.MustCompile(`(?i)` + regexp.QuoteMeta(word) + wordTail(word)),
			Lit: FoldLiteral(word), Fold: true, GrowRight: isASCII(word)}, nil
	case strings.Contains(s, "*"):
		// Only * is a wildcard: a ? is a question's more often than a
		// single character's ("why does ReadFull fail?" found nothing).
		re := wildcardRegexp(s)
		lit, fold := regexLiteral(re)
		t := Term{Kind: Wildcard, Text: s, LineR: re, Lit: lit, Fold: fold, Grams: RegexGrams(re.String())}
		if core := strings.Trim(s, "*"); core != "" && !strings.Contains(core, "*") && isASCII(core) {
			// *core, core* or *core*: the matches are the literal's
			// occurrences grown over the word characters around them.
			t.Lit = core
			if fold {
				t.Lit = asciiLowerString(core)
			}
			t.GrowLeft, t.GrowRight = strings.HasPrefix(s, "*"), strings.HasSuffix(s, "*")
			t.PartPrefix = camelPartPrefix(core, fold)
		}
		return t, nil
	}
	text, verify := s, true
	if id, ok := oneIdent(s); ok {
		// The punctuation around one word ("retries?", "ERROR:") is not
		// looked for, as the index ignores it: its lines are the word's.
		// A CJK word is text within a longer run, and data and hex have
		// no code words: those are checked in the file.
		text, verify = id, analysis.SearchedAsText(id)
	}
	t := Term{Kind: Word, Text: text, LineR: regexp.MustCompile(`(?i)` + regexp.QuoteMeta(text)),
		Lit: FoldLiteral(text), Fold: true, Verify: verify}
	if verify {
		t.Words = analysis.WordsOf(text)
		t.Grams = BoundaryGrams(text, t.Words.ToGrams)
	}
	return t, nil
}

// parseDef is the term of def:name: a word asked for only in the files
// defining it. A name still being typed ("def:") asks for nothing: its
// term has no text.
func parseDef(name string) (Term, error) {
	if name == "" {
		return Term{}, nil
	}
	id, ok := oneIdent(name)
	if !ok || id != name || analysis.SearchedAsText(id) {
		return Term{}, fmt.Errorf("%w: def: takes one name, as in def:parseArgs (not %q)", ErrBadQuery, name)
	}
	t, err := parseTerm(id)
	if err != nil || t.Kind != Word || t.Verify {
		return Term{}, fmt.Errorf("%w: def: takes one name, as in def:parseArgs (not %q)", ErrBadQuery, name)
	}
	t.DefOnly = true
	t.ExactCase = strings.IndexFunc(id, unicode.IsUpper) >= 0
	return t, nil
}

// camelPartPrefix: a case-sensitive literal starting with a capital and
// a lowercase letter (Marshaler, NewReader) starts a code-word part
// wherever it occurs, since analysis.SplitParts cuts before a capital followed by
// a lowercase letter whatever precedes it; the part then begins with the
// literal's own first part (its later cuts depend on its own letters).
// Its lowercased prefix is a dictionary lookup that narrows a scan far
// more than trigrams do. "" when the literal does not qualify.
func camelPartPrefix(core string, fold bool) string {
	if fold || len(core) < 2 || core[0] < 'A' || core[0] > 'Z' || core[1] < 'a' || core[1] > 'z' {
		return ""
	}
	var parts [16][2]int
	first := analysis.SplitParts([]byte(core), parts[:0])[0]
	return strings.ToLower(core[:min(first[1], analysis.MaxTokenLen)]) // parts are indexed cut so
}

// smartCase makes a pattern case-insensitive unless it has a capital.
func smartCase(p string) string {
	if strings.IndexFunc(p, unicode.IsUpper) >= 0 {
		return p
	}
	return "(?i)" + p
}

func wildcardRegexp(p string) *regexp.Regexp {
	var b strings.Builder
	for _, r := range p {
		switch r {
		case '*':
			b.WriteString(`\w*`)
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	return regexp.MustCompile(smartCase(b.String()))
}

func isOneIdent(s string) bool {
	n := 0
	analysis.ForEachIdent([]byte(s), func(int, int) { n++ })
	return n == 1
}

// oneIdent returns the identifier of s when s holds exactly one.
func oneIdent(s string) (string, bool) {
	n, id := 0, ""
	analysis.ForEachIdent([]byte(s), func(start, end int) { n++; id = s[start:end] })
	return id, n == 1
}

// wordTail is the regexp of the word characters a prefix grows over:
// Unicode letters and digits for a non-ASCII prefix (ошибк* highlights
// all of "Ошибка"), ASCII ones otherwise, as the search in a file grows them.
func wordTail(prefix string) string {
	if isASCII(prefix) {
		return `\w*`
	}
	return `[\pL\pN_]*`
}
