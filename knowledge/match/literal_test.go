package match

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestIndexFold(t *testing.T) {
	tests := []struct {
		hay, needle string
		want        int
	}{
		{"Hello World", "world", 6},
		{"HELLO", "hello", 0},
		{"abc", "abcd", -1},
		{"xxQqz", "qz", 3},
		{"", "a", -1},
		{"a", "", 0},
		{"straßE", "ße", 4},
		{"foo_BAR(", "_bar(", 3},
		{"getNode511 setNODE511", "setnode511", 11},
		{"x511 Node511", "node511", 5},
		{"511", "a511", -1},
		{"a1", "a12", -1},
	}
	for _, tt := range tests {
		if got := indexFold([]byte(tt.hay), []byte(tt.needle)); got != tt.want {
			t.Errorf("indexFold(%q, %q) = %d, want %d", tt.hay, tt.needle, got, tt.want)
		}
	}
	// Against the lowercase-everything reference, on random text.
	rng := rand.New(rand.NewPCG(7, 8))
	const alpha = "aAbBqQ_ (z19"
	runs := 0
	for i := 0; i < 8000; i++ {
		hay, needle := randomChars(rng, alpha, rng.IntN(60)), asciiLowerString(randomChars(rng, alpha, 1+rng.IntN(5)))
		if a, b := caselessRun([]byte(needle)); b-a >= 2 {
			runs++
		}
		want := bytes.Index(asciiLower([]byte(hay)), []byte(needle))
		if got := indexFold([]byte(hay), []byte(needle)); got != want {
			t.Fatalf("indexFold(%q, %q) = %d, want %d", hay, needle, got, want)
		}
	}
	if runs < 1000 {
		t.Fatalf("only %d needles were found through a caseless run", runs)
	}
}

// indexExact finds what bytes.Index finds, the first occurrence, whichever
// byte of the needle it skips to.
func TestIndexExact(t *testing.T) {
	tests := []struct {
		hay, needle string
		want        int
	}{
		{"func (r *Reader) Read(p", " *Reader) Read", 7},
		{"x *Reader) Reax *Reader) Read", " *Reader) Read", 15},
		{"**", "**", 0},
		{"a*", " *", -1},
		{"*", " *", -1},
		{" *", " *", 0},
		{"", "q", -1},
		{"abc", "", 0},
		{"zzQzQ", "zQ", 1},
	}
	for _, tt := range tests {
		if got := indexExact([]byte(tt.hay), []byte(tt.needle)); got != tt.want {
			t.Errorf("indexExact(%q, %q) = %d, want %d", tt.hay, tt.needle, got, tt.want)
		}
	}
	rng := rand.New(rand.NewPCG(9, 10))
	const alpha = "aAq *)R\n"
	for i := 0; i < 20000; i++ {
		hay, needle := randomChars(rng, alpha, rng.IntN(60)), randomChars(rng, alpha, 1+rng.IntN(6))
		if got, want := indexExact([]byte(hay), []byte(needle)), bytes.Index([]byte(hay), []byte(needle)); got != want {
			t.Fatalf("indexExact(%q, %q) = %d, want %d", hay, needle, got, want)
		}
	}
}

// The allocation-free distance must agree with the rune-based one on
// ASCII words, whatever their case, and step aside for other text.
func TestFoldedDistanceMatchesEditDistance(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	const letters = "abAB_1"
	for i := 0; i < 5000; i++ {
		a, want := randomChars(rng, letters, rng.IntN(8)), strings.ToLower(randomChars(rng, letters, 1+rng.IntN(7)))
		limit := rng.IntN(3)
		got, ok := foldedDistance([]byte(a), want, limit)
		if exp := editDistance(strings.ToLower(a), want, limit); !ok || got != exp {
			t.Fatalf("foldedDistance(%q, %q, %d) = %d, %v; editDistance says %d", a, want, limit, got, ok, exp)
		}
	}
	if _, ok := foldedDistance([]byte("naïve"), "naive", 1); ok {
		t.Fatal("non-ASCII text must fall back to the rune-based distance")
	}
}
