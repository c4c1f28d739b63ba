package knowledge

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The sketch must never rule out a file that holds the phrase: every
// pair key of any phrase phraseSpans finds in a text is in its sketch.
func TestPhrasePairsOfATextAreInItsSketch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "Ab", "getValue", "setNode160", "_x9", "(", "!=", " ", "  ", "\t", " \r", "\n", "é", "LONGWORD", "ok"}
	withKeys := 0
	for i := 0; i < 10000; i++ {
		text := randomPieces(rng, pieces, 120)
		a := rng.IntN(len(text))
		b := a + rng.IntN(len(text)-a+1)
		words, anchor := phraseWords(text[a:b])
		if len(words) < 2 || len(phraseSpans([]byte(text), words, anchor)) == 0 {
			continue // one word, non-ASCII, or across a line
		}
		keys := phrasePairs(words)
		if len(keys) > 0 {
			withKeys++
		}
		if !sketchHolds(pairSketch([]byte(text)), keys) {
			t.Fatalf("the sketch of %q rules out %q, which it holds", text, text[a:b])
		}
	}
	if withKeys < 500 {
		t.Fatalf("only %d phrases had a pair to look for; the test needs more", withKeys)
	}
}

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
	sketch := pairSketch([]byte(text))
	for _, tt := range tests {
		words, _ := phraseWords(tt.phrase)
		if got := sketchHolds(sketch, phrasePairs(words)); got != tt.holds {
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
		if got := len(phrasePairs(words)); got != tt.keys {
			t.Errorf("%q: %d keys, want %d", tt.phrase, got, tt.keys)
		}
	}
}

func TestPairSketchSize(t *testing.T) {
	words, _ := phraseWords("alphabet soupmix")
	keys := phrasePairs(words)
	if s := pairSketch([]byte("one\ntwo\n")); len(s) != minSketch || sketchHolds(s, keys) {
		t.Errorf("a file without pairs: sketch %v holds %v; want %d empty bytes", s, sketchHolds(s, keys), minSketch)
	}
	huge := strings.Repeat("w ", maxSketch*8/pairBits+2)
	if s := pairSketch([]byte(huge)); s != nil {
		t.Errorf("a file of %d pairs has a sketch of %d bytes; want none", maxSketch*8/pairBits+1, len(s))
	}
	// About 6% of absent pairs pass a sketch of pairBits bits per pair.
	rng := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	for range 2000 {
		fmt.Fprintf(&b, "present%06d ", rng.IntN(1_000_000))
	}
	sketch := pairSketch([]byte(b.String()))
	passed := 0
	for i := range 10000 {
		words, _ := phraseWords(fmt.Sprintf("absent%06d other%06d", i, i))
		if sketchHolds(sketch, phrasePairs(words)) {
			passed++
		}
	}
	if rate := float64(passed) / 10000; rate < 0.02 || rate > 0.12 {
		t.Errorf("%.1f%% of absent pairs pass; want about 6%%", 100*rate)
	}
}

// A candidate whose sketch lacks the phrase's pair is dropped without its
// file being read: after the files change on disk unindexed (no watcher),
// a file that now holds the phrase stays out, as its sketch is of the
// text indexed, while one too big for a sketch is read and found.
func TestPhraseCandidatesRuledOutUnread(t *testing.T) {
	ws := t.TempDir()
	// Both words and the phrase's grams ("60 ne"), but not side by side.
	apart := "setNode160 newItem8\nnewValue568 readNode659\n"
	big := apart + strings.Repeat("w ", maxSketch*8/pairBits+2)
	files := map[string]string{"hit.txt": "x setNode160 newValue568 y\n", "big.txt": big}
	for i := range 20 {
		files[fmt.Sprintf("apart%02d.txt", i)] = apart
	}
	writeAll(t, ws, files)
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	const q = `"setNode160 newValue568"`
	if got := hitPaths(search(t, x, q)); strings.Join(got, " ") != "hit.txt" {
		t.Fatalf("before the change: %v, want [hit.txt]", got)
	}
	adjacent := "setNode160 newValue568\n" + apart
	for _, rel := range []string{"apart03.txt", "big.txt"} {
		if err := os.WriteFile(filepath.Join(ws, rel), []byte(adjacent), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := search(t, x, q)
	if got := strings.Join(hitPaths(res), " "); got != "big.txt hit.txt" && got != "hit.txt big.txt" {
		t.Errorf("after the change: %v, want big.txt (read) and hit.txt, not apart03.txt (ruled out unread)", hitPaths(res))
	}
	if res.Total != 2 || res.Approx {
		t.Errorf("total %d (approx %v), want exactly 2", res.Total, res.Approx)
	}
}
