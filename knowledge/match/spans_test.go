package match

import (
	"math/rand/v2"
	"reflect"
	"regexp"
	"testing"
)

func TestLineMatches(t *testing.T) {
	tests := []struct {
		re, text string
		want     [][2]int
	}{
		{`(?m)^foo`, "foofoo\nfoo", [][2]int{{0, 3}, {7, 10}}},
		{`a\s+b`, "a\nb a  b", [][2]int{{4, 8}}},
		{`x\s*`, "x\n x", [][2]int{{0, 1}, {3, 4}}},
		{`(?i)b\w*`, "Bar baz", [][2]int{{0, 3}, {4, 7}}},
	}
	for _, tt := range tests {
		got := lineMatches(regexp.MustCompile(tt.re), []byte(tt.text))
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("lineMatches(%q, %q) = %v, want %v", tt.re, tt.text, got, tt.want)
		}
	}
}

// Literal wildcards skip the regexp: their spans must be the regexp's.
func TestWordSpansMatchTheWildcardRegexp(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	pieces := []string{"ab", "Ab", "AB", "x", "_", "9", " ", "\n", ".", "é", "abab"}
	patterns := []string{"*ab", "*ab*", "*Ab", "*b_*", "*ba", "*AB*", "ab*", "Ab*", "b_*"}
	checked := 0
	for i := 0; i < 3000; i++ {
		text := randomPieces(rng, pieces, 40)
		p := patterns[rng.IntN(len(patterns))]
		tm, err := parseTerm(p)
		if err != nil {
			t.Fatal(err)
		}
		if !tm.GrowLeft && !tm.GrowRight {
			t.Fatalf("%s: not a literal wildcard", p)
		}
		want := lineMatches(tm.LineR, []byte(text))
		got := wordSpans(&textView{data: []byte(text)}, tm)
		if len(want) > 0 {
			checked++
		}
		if !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("%s in %q: spans %v, the regexp finds %v", p, text, got, want)
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d texts had matches", checked)
	}
}
