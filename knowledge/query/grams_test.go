package query

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

func gramsOf(text string) map[string]bool {
	out := map[string]bool{}
	analysis.EachDistinctGram([]byte(text), nil, func(g []byte) { out[string(g)] = true })
	return out
}

// randomText mixes what normalization treats specially: case, runs of
// different whitespace, punctuation and multi-byte letters.
func randomText(rng *rand.Rand, n int) string {
	pieces := []string{"a", "b", "Ab", "_", "9", " ", "  ", "\n", "\t \r\n", ".", "(", "é", "ß", "ab cd", "X", "sK", "日", "本", "語"}
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// matchesGrams evaluates a gram requirement against a text's grams.
func (q *Grams) matchesGrams(grams map[string]bool) bool {
	if q == nil {
		return true
	}
	for _, g := range q.All {
		if !grams[g] {
			return false
		}
	}
	if q.Or {
		for _, s := range q.Sub {
			if s.matchesGrams(grams) {
				return true
			}
		}
		return len(q.Sub) == 0
	}
	for _, s := range q.Sub {
		if !s.matchesGrams(grams) {
			return false
		}
	}
	return true
}

func TestRegexGrams(t *testing.T) {
	tests := []struct {
		re         string
		match      []string // texts the regex matches: the filter must keep them
		reject     []string // texts without the literals: the filter should drop them
		constrains bool
	}{
		{`func \(\w+ \*Reader\) Read`, []string{"func (r *Reader) Read(p []byte)"}, []string{"func (w *Writer) Write"}, true},
		{`(?i)no\s+such`, []string{"NO\n such thing", "no such"}, []string{"no matter"}, true},
		{`getValue\d+ setValue`, []string{"getValue12 setValue"}, []string{"getValue12 other"}, true},
		{`(?i)\w*marshaler`, []string{"xml.Unmarshaler"}, []string{"marshal"}, true},
		{`foo|barbaz`, []string{"a foo", "barbaz"}, []string{"fo ba"}, true},
		{`foo|x`, []string{"x"}, nil, false}, // one alternative needs nothing
		{`(abc)+def`, []string{"abcabcdef"}, []string{"abdef"}, true},
		{`a.c`, []string{"abc"}, nil, false},
		{`(?i)strasse`, []string{"STRASSE"}, []string{"strange"}, true},
		{`(?i)straße`, []string{"STRAẞE", "straße"}, []string{"stop"}, true}, // "stra": the ß cuts the literal
		{`[ab]cd`, []string{"acd"}, nil, false},
		{`x{2,}yzw`, []string{"xxxyzw"}, []string{"xyy"}, true},
	}
	for _, tt := range tests {
		re := regexp.MustCompile(tt.re)
		q := RegexGrams(tt.re)
		if (q != nil) != tt.constrains {
			t.Errorf("RegexGrams(%q) constrains = %v, want %v", tt.re, q != nil, tt.constrains)
		}
		for _, text := range tt.match {
			if !re.MatchString(text) {
				t.Fatalf("fixture: %q does not match %q", text, tt.re)
			}
			if !q.matchesGrams(gramsOf(text)) {
				t.Errorf("RegexGrams(%q) drops %q, which matches", tt.re, text)
			}
		}
		for _, text := range tt.reject {
			if q.matchesGrams(gramsOf(text)) {
				t.Errorf("RegexGrams(%q) keeps %q", tt.re, text)
			}
		}
	}
}

// atomText is text the atoms below match, mixed into the random texts.
var atomText = []string{"abc ab", "bca  abc", "ABC\tab c", "xabc_9 b\nc ab", "bcbca a.bb", "ska SKA"}

// Random regexes built from literals over random texts: whatever
// matches is kept.
func TestRegexGramsNeverDropAMatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	// Short literals over a small alphabet, so that most patterns match
	// and many of those have grams to check.
	atoms := []string{"ab", "abc", "b c", "c ab", `\s+`, `\w*`, "Abc", "(?i:bca)", "[ab]", `a\.`, "(abc|bca)", "é",
		"b{2}", "_9", "(?i:ska)", "(?i)ab c", "(bc)+a"}
	matched, constrained := 0, 0
	for i := 0; i < 3000; i++ {
		var p strings.Builder
		for j := 0; j < 1+rng.IntN(3); j++ {
			p.WriteString(atoms[rng.IntN(len(atoms))])
		}
		re := regexp.MustCompile(p.String())
		q := RegexGrams(p.String())
		text := randomText(rng, 40)
		for j := 0; j < 6; j++ {
			text += atomText[rng.IntN(len(atomText))] + randomText(rng, 3)
		}
		if !re.MatchString(text) {
			continue
		}
		matched++
		if q != nil {
			constrained++
		}
		if !q.matchesGrams(gramsOf(text)) {
			t.Fatalf("RegexGrams(%q) drops %q, which matches at %q", p.String(), text, re.FindString(text))
		}
	}
	// Enough patterns must match, with grams to check, for the test to
	// mean something.
	t.Logf("%d of 3000 random regexes matched their text, %d of them with grams", matched, constrained)
	if matched < 500 || constrained < 200 {
		t.Fatalf("too few random regexes matched (%d) or had grams (%d)", matched, constrained)
	}
}
