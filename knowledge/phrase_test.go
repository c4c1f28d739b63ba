package knowledge

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
		tm := q.terms[0]
		if len(tm.phrase) == 0 {
			t.Fatalf("%q: no words to match without the regexp", p)
		}
		want := lineMatches(tm.lineR, text)
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

func TestPhraseWords(t *testing.T) {
	tests := []struct {
		phrase string
		words  []string
		anchor int
	}{
		{"no such file", []string{"no", "such", "file"}, 2},       // f is the rarest letter
		{"Invalid  Argument", []string{"invalid", "argument"}, 0}, // v, not g
		{"bag bags", []string{"bag", "bags"}, 1},                  // both b: the longer
		{"a b_1", []string{"a", "b_1"}, 1},
		{"café au lait", nil, 0}, // non-ASCII: the regexp folds it
	}
	for _, tt := range tests {
		words, anchor := phraseWords(tt.phrase)
		var got []string
		for _, w := range words {
			got = append(got, string(w))
		}
		if !reflect.DeepEqual(got, tt.words) || anchor != tt.anchor {
			t.Errorf("phraseWords(%q) = %q, %d; want %q, %d", tt.phrase, got, anchor, tt.words, tt.anchor)
		}
	}
}
