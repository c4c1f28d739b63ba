package knowledge

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
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

// A candidate whose sketch lacks the phrase's pair is dropped without its
// file being read: after the files change on disk unindexed (no watcher),
// a file that now holds the phrase stays out, as its sketch is of the
// text indexed, while one too big for a sketch is read and found.
func TestPhraseCandidatesRuledOutUnread(t *testing.T) {
	ws := t.TempDir()
	// Both words and the phrase's grams ("60 ne"), but not side by side.
	apart := "setNode160 newItem8\nnewValue568 readNode659\n"
	big := apart + strings.Repeat("w ", analysis.MaxPairs+2)
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
