package analysis

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestPairSketchRulesOutAbsentPairs(t *testing.T) {
	const text = "setNode160 newValue568 loadItem8\nreadValue32   readNode659\tparseState644\n" +
		"if err != nil {\n\treturn nil, err\n}\n"
	tests := []struct {
		phrase string
		holds  bool
	}{
		{"setNode160 newValue568", true},
		{"SETNODE160 newvalue568", true},                // case ignored
		{"readValue32 readNode659 parseState644", true}, // blank runs and tabs
		{"tNode160 newVal", true},                       // edges may go on in the file...
		{"setNode161 newValue568", false},               // ...but end as the file's do
		{"newValue568 readValue32", false},              // across a line end
		{"setNode160 loadItem8", false},                 // not side by side
		{"loadItem8 newValue568", false},                // the other order
		{"if err != nil {", true},                       // punctuation makes fields too
		{"if err == nil {", false},                      // (err, ==) is no pair of it
		{"err", true},                                   // one word: nothing to rule out
		{"if err", true},                                // "if" may end a longer field
		{"return nil, err", true},
	}
	sketch := PairSketch([]byte(text))
	for _, tt := range tests {
		words, _ := phraseWords(tt.phrase)
		if got := SketchHolds(sketch, PhrasePairs(words)); got != tt.holds {
			t.Errorf("%q: holds %v, want %v", tt.phrase, got, tt.holds)
		}
	}
}

// Only pairs whose both edges are known make keys: the first word may
// start earlier in the file and the last go on, so a short one there
// says too little.
func TestPhrasePairsKnowOnlyWholeEdges(t *testing.T) {
	tests := []struct {
		phrase string
		keys   int
	}{
		{"if err", 0},
		{"a b c", 0},
		{"a b c d", 1},         // (b, c): both whole
		{"if err != nil {", 2}, // (err, !=), (!=, nil); not (if, err) nor (nil, {)
		{"setNode160 newValue568", 1},
		{"setNode160 x", 0},
		{"x123456 newValue568", 1}, // six bytes are enough on either edge
		{"日本 語", 0},                // non-ASCII: the phrase's regexp decides
	}
	for _, tt := range tests {
		words, _ := phraseWords(tt.phrase)
		if got := len(PhrasePairs(words)); got != tt.keys {
			t.Errorf("%q: %d keys, want %d", tt.phrase, got, tt.keys)
		}
	}
}

func TestPairSketchSize(t *testing.T) {
	words, _ := phraseWords("alphabet soupmix")
	keys := PhrasePairs(words)
	if s := PairSketch([]byte("one\ntwo\n")); len(s) != minSketch || SketchHolds(s, keys) {
		t.Errorf("a file without pairs: sketch %v holds %v; want %d empty bytes", s, SketchHolds(s, keys), minSketch)
	}
	huge := strings.Repeat("w ", maxSketch*8/pairBits+2)
	if s := PairSketch([]byte(huge)); s != nil {
		t.Errorf("a file of %d pairs has a sketch of %d bytes; want none", maxSketch*8/pairBits+1, len(s))
	}
	// About 6% of absent pairs pass a sketch of pairBits bits per pair.
	rng := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	for range 2000 {
		fmt.Fprintf(&b, "present%06d ", rng.IntN(1_000_000))
	}
	sketch := PairSketch([]byte(b.String()))
	passed := 0
	for i := range 10000 {
		words, _ := phraseWords(fmt.Sprintf("absent%06d other%06d", i, i))
		if SketchHolds(sketch, PhrasePairs(words)) {
			passed++
		}
	}
	if rate := float64(passed) / 10000; rate < 0.02 || rate > 0.12 {
		t.Errorf("%.1f%% of absent pairs pass; want about 6%%", 100*rate)
	}
}

// phraseWords are an ASCII phrase's lowercase words, as a query's
// phrase holds them.
func phraseWords(p string) ([][]byte, int) {
	return bytes.Fields([]byte(strings.ToLower(p))), 0
}
