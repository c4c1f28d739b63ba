package analysis

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// FoldBytes lowercases b so that words a case-insensitive grep finds
// equal are one term: each rune becomes the lowercase of its case
// orbit's first member (the runes unicode.SimpleFold cycles through), so
// a word ending in ς and the same word ending in σ or Σ meet, and
// ſ meets s. A rune whose lowercase lies outside its orbit (İ, whose
// lowercase is i) is kept, as a grep keeps it apart.
func FoldBytes(b []byte) []byte { return bytes.Map(FoldRune, b) }

// FoldString is FoldBytes of a string.
func FoldString(s string) string { return strings.Map(FoldRune, s) }

// FoldRune is the rune FoldBytes maps r to.
func FoldRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		return r
	}
	first := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		first = min(first, f)
	}
	low := unicode.ToLower(first)
	for f := r; ; {
		if f == low {
			return low
		}
		if f = unicode.SimpleFold(f); f == r {
			return r
		}
	}
}
