package analysis

import (
	"sync"
	"unicode/utf8"
)

// Grams are what the index's trigram field holds of a file, and what a
// query's literal text asks it for: every three word characters in a row
// of the normalized text (ASCII-lowercased, every whitespace run folded
// to one space), the two characters either side of each space, and each
// CJK character and pair of adjacent ones. Any substring of a file
// normalizes to a substring of its normalized text, so every gram of a
// literal is among the file's grams.

// EachDistinctGram calls sized (when given) with the number of distinct
// grams of input, then fn once with each, as bytes carved from one slab,
// and returns the number.
func EachDistinctGram(input []byte, sized func(n int), fn func(term []byte)) int {
	set := gramSets.Get().(*gramSet)
	defer set.release()
	forEachGram(input, set.add)
	if sized != nil {
		sized(set.n)
	}
	terms := make([]byte, 0, 5*set.n)
	for _, k := range set.slots {
		if k != 0 {
			n := len(terms)
			terms = appendGram(terms, k)
			fn(terms[n:len(terms):len(terms)])
		}
	}
	return set.n
}

// A gram is packed into a uint64, one byte per character, first character
// highest: trigrams use 24 bits, boundary grams ("ab cd") 40; a CJK pair
// is its two runes above a flag bit, and its term their UTF-8.
func appendGram(b []byte, k uint64) []byte {
	if k&cjkFlag != 0 {
		if first := rune(k >> 21 & (1<<21 - 1)); first != 0 {
			b = utf8.AppendRune(b, first)
		}
		return utf8.AppendRune(b, rune(k&(1<<21-1)))
	}
	if k < 1<<24 {
		return append(b, byte(k>>16), byte(k>>8), byte(k))
	}
	return append(b, byte(k>>32), byte(k>>24), byte(k>>16), byte(k>>8), byte(k))
}

// forEachGram calls f with every gram of input's normalized text, and
// with every CJK character and pair of adjacent ones (cjkGram).
func forEachGram(input []byte, f func(uint64)) {
	var win uint64 // the last five bytes of normalized text
	n := 0         // how many of them are contiguous gram characters
	space := false
	var cjk rune // the last CJK character...
	cjkEnd := -1 // ...and where it ended
	for i := 0; i < len(input); i++ {
		c := input[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			if space {
				continue
			}
			space, c = true, ' '
		case 'A' <= c && c <= 'Z':
			space, c = false, c+'a'-'A'
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_':
			space = false
		default:
			n, space = 0, false
			if c >= utf8.RuneSelf {
				r, size := utf8.DecodeRune(input[i:])
				if IsCJK(r) {
					if cjkEnd == i {
						f(cjkGram(cjk, r))
					}
					f(cjkGram(0, r)) // the character alone
					cjk, cjkEnd = r, i+size
				}
				i += size - 1
			}
			continue
		}
		win = (win<<8 | uint64(c)) & (1<<40 - 1)
		n++
		if c == ' ' {
			continue
		}
		b1, b2 := byte(win>>8), byte(win>>16)
		if n >= 3 && b1 != ' ' && b2 != ' ' {
			f(win & (1<<24 - 1))
		}
		if n >= 5 && b2 == ' ' && b1 != ' ' && byte(win>>24) != ' ' && byte(win>>32) != ' ' {
			f(win)
		}
	}
}

// gramSet is an open-addressing set of packed grams; 0 marks an empty
// slot (NUL is not a gram character).
type gramSet struct {
	slots []uint64
	n     int
}

// gramSets recycles sets across files: a file has a few thousand grams,
// and a fresh table per file was a large share of the build's garbage.
var gramSets = sync.Pool{New: func() any { return &gramSet{slots: make([]uint64, 4096)} }}

func (s *gramSet) release() {
	if len(s.slots) > 1<<16 { // a huge file's table is not worth keeping
		s.slots = make([]uint64, 4096)
	} else {
		clear(s.slots)
	}
	s.n = 0
	gramSets.Put(s)
}

func (s *gramSet) add(k uint64) {
	if k == 0 {
		return
	}
	if 4*(s.n+1) > 3*len(s.slots) {
		s.grow()
	}
	mask := uint64(len(s.slots) - 1)
	for i := (k * 0x9E3779B97F4A7C15) >> 32 & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case k:
			return
		case 0:
			s.slots[i] = k
			s.n++
			return
		}
	}
}

func (s *gramSet) grow() {
	old := s.slots
	s.slots, s.n = make([]uint64, 2*len(old)), 0
	for _, k := range old {
		if k != 0 {
			s.add(k)
		}
	}
}

const cjkFlag = 1 << 62

func cjkGram(a, b rune) uint64 { return cjkFlag | uint64(a)<<21 | uint64(b) }

// LiteralGrams lists the distinct grams of a literal, normalized as the
// index normalizes files.
func LiteralGrams(lit string) []string {
	var keys []uint64
	seen := map[uint64]bool{}
	paired := map[rune]bool{} // CJK characters a pair asks for already
	forEachGram([]byte(lit), func(k uint64) {
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
		if first := rune(k >> 21 & (1<<21 - 1)); k&cjkFlag != 0 && first != 0 {
			paired[first], paired[rune(k&(1<<21-1))] = true, true
		}
	})
	var out []string
	for _, k := range keys {
		if k&cjkFlag != 0 && k>>21&(1<<21-1) == 0 && paired[rune(k&(1<<21-1))] {
			continue
		}
		out = append(out, string(appendGram(nil, k)))
	}
	return out
}
