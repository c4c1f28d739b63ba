package match

import (
	"math/rand/v2"
	"testing"

	"github.com/hearth-agent/hearth/knowledge/analysis"
	"github.com/hearth-agent/hearth/knowledge/query"
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
		words, anchor := query.PhraseWords(text[a:b])
		if len(words) < 2 || len(phraseSpans([]byte(text), words, anchor)) == 0 {
			continue // one word, non-ASCII, or across a line
		}
		keys := analysis.PhrasePairs(words)
		if len(keys) > 0 {
			withKeys++
		}
		if !analysis.SketchHolds(analysis.PairSketch([]byte(text)), keys) {
			t.Fatalf("the sketch of %q rules out %q, which it holds", text, text[a:b])
		}
	}
	if withKeys < 500 {
		t.Fatalf("only %d phrases had a pair to look for; the test needs more", withKeys)
	}
}
