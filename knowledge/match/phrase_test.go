package match

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// Phrases skip their regexp: their spans must be the regexp's, line by
// line, including overlapping and repeated words and every kind of blank.
func TestPhraseSpansMatchThePhraseRegexp(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	pieces := []string{"a", "A", "ab", "aB", "b", " ", "  ", "\t", "\r", "\n", "\f", "\v", "x", "é", ".", "aab", "aa"}
	phrases := []string{"a b", "ab a", "a a", "a  a a", "aab\tb", "b ab", "AB", "a ab aab", "b x", "aa b", "b aa"}
	checked := 0
	for i := 0; i < 5000; i++ {
		text := []byte(randomPieces(rng, pieces, 40))
		p := phrases[rng.IntN(len(phrases))]
		q, err := parseQuery(`"` + p + `"`)
		if err != nil {
			t.Fatal(err)
		}
		tm := q.Terms[0]
		if len(tm.Phrase) == 0 {
			t.Fatalf("%q: no words to match without the regexp", p)
		}
		want := lineMatches(tm.LineR, text)
		got := textSpans(&textView{data: text}, tm)
		if len(want) > 0 {
			checked++
		}
		if !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("%q in %q: spans %v, the regexp finds %v", p, text, got, want)
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d texts had matches", checked)
	}
}
