package knowledge

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// parseTerm reads one unquoted term: a /regex/, fuzzy~N, prefix*, a
// wildcard, or a word.
func parseTerm(s string) (term, error) {
	switch {
	case len(s) > 2 && strings.HasPrefix(s, "/") && strings.HasSuffix(s, "/"):
		// (?m): ^ and $ mark line starts and ends, as in a grep.
		re, err := regexp.Compile("(?m)" + smartCase(s[1:len(s)-1]))
		if err != nil {
			if _, own := regexp.Compile(s[1 : len(s)-1]); own != nil {
				err = own // names the pattern as typed, not with the flags added here
			}
			return term{}, fmt.Errorf("%w: %v", ErrBadQuery, err)
		}
		lit, fold := regexLiteral(re)
		prefix, _ := re.LiteralPrefix()
		return term{kind: termRegex, text: s[1 : len(s)-1], lineR: re, lit: lit, fold: fold,
			prefixed: len(prefix) >= 3, tri: regexQuery(re.String())}, nil
	case strings.Contains(s, "~") && !strings.HasPrefix(s, "~"):
		i := strings.LastIndex(s, "~")
		fuzz := 1
		if rest := s[i+1:]; rest != "" {
			n, err := strconv.Atoi(rest)
			if err != nil || n < 0 || n > 2 {
				return term{}, fmt.Errorf("%w: fuzziness in %q must be 0, 1 or 2", ErrBadQuery, s)
			}
			fuzz = n
		}
		word := s[:i]
		if !isOneIdent(word) {
			return term{}, fmt.Errorf("%w: fuzzy %q must be a single word", ErrBadQuery, s)
		}
		return term{kind: termFuzzy, text: word, fuzz: fuzz}, nil
	case strings.HasSuffix(s, "*") && !strings.Contains(s[:len(s)-1], "*") && len(s) > 1:
		word := s[:len(s)-1]
		if !isOneIdent(word) {
			return term{}, fmt.Errorf("%w: prefix %q must be a single word", ErrBadQuery, s)
		}
		if analysis.SearchedAsText(word) {
			return parseTerm(word) // found as text (CJK, hex): a prefix is one already
		}
		// growRight: the matches are the word's occurrences grown over
		// the word characters after them, found without the regexp.
		return term{kind: termPrefix, text: word, lineR: regexp.MustCompile(`(?i)` + regexp.QuoteMeta(word) + wordTail(word)),
			lit: foldLiteral(word), fold: true, growRight: isASCII(word)}, nil
	case strings.Contains(s, "*"):
		// Only * is a wildcard: a ? is a question's more often than a
		// single character's ("why does ReadFull fail?" found nothing).
		re := wildcardRegexp(s)
		lit, fold := regexLiteral(re)
		t := term{kind: termWildcard, text: s, lineR: re, lit: lit, fold: fold, tri: regexQuery(re.String())}
		if core := strings.Trim(s, "*"); core != "" && !strings.Contains(core, "*") && isASCII(core) {
			// *core, core* or *core*: the matches are the literal's
			// occurrences grown over the word characters around them.
			t.lit = core
			if fold {
				t.lit = asciiLowerString(core)
			}
			t.growLeft, t.growRight = strings.HasPrefix(s, "*"), strings.HasSuffix(s, "*")
			t.partPrefix = camelPartPrefix(core, fold)
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
	t := term{kind: termWord, text: text, lineR: regexp.MustCompile(`(?i)` + regexp.QuoteMeta(text)),
		lit: foldLiteral(text), fold: true, verify: verify}
	if verify {
		t.words = analysis.WordsOf(text)
		t.tri = boundaryQuery(text, t.words.ToGrams)
	}
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
// all of "Ошибка"), ASCII ones otherwise, as wordSpans grows them.
func wordTail(prefix string) string {
	if isASCII(prefix) {
		return `\w*`
	}
	return `[\pL\pN_]*`
}
