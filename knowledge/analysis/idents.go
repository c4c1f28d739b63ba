// Package analysis is how the knowledge index reads text at index time,
// and how a query must read its own text to ask for the same terms:
// identifiers and the code-word terms each makes (its parts, segments and
// kebab-case runs), the runs of encoded data that make none, the scripts
// searched as text, the grams of the trigram field and a file's pair
// sketch. Every function here is a pure function of its input; the bleve
// analyzers built on them are registered by package knowledge.
package analysis

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// How text is cut into identifiers, and an identifier into the terms the
// index holds for it.

// MaxTokenLen drops whole identifiers longer than this (minified code,
// base64) and cuts longer parts to it: every part's start stays in the
// index, which camel-case wildcard scans rely on.
const MaxTokenLen = 96

func IsWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r] != classSep || r == '_'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// asciiClass classifies ASCII bytes without the unicode tables; '_' and
// every non-word byte are classSep.
var asciiClass = func() (t [utf8.RuneSelf]runeClass) {
	for c := 0; c < utf8.RuneSelf; c++ {
		switch {
		case 'a' <= c && c <= 'z':
			t[c] = classLower
		case 'A' <= c && c <= 'Z':
			t[c] = classUpper
		case '0' <= c && c <= '9':
			t[c] = classDigit
		}
	}
	return t
}()

// ForEachIdent calls fn for each identifier: a run of letters, digits and
// underscores, with single hyphens inside it (kebab-case) kept.
func ForEachIdent(b []byte, fn func(start, end int)) {
	start := -1
	for i := 0; i < len(b); {
		r, size := rune(b[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(b[i:])
		}
		word := IsWordRune(r)
		if !word && r == '-' && start >= 0 && i+1 < len(b) {
			next, _ := utf8.DecodeRune(b[i+1:])
			word = next != '_' && IsWordRune(next)
		}
		switch {
		case word && start < 0:
			start = i
		case !word && start >= 0:
			fn(start, i)
			start = -1
		}
		i += size
	}
	if start >= 0 {
		fn(start, len(b))
	}
}

// ForEachIdentTerm calls fn with the terms of one identifier, as offsets
// into id: the whole identifier (when it is not a single part), then
// each part, rel being the part's position after the first. Before a
// part that starts a kebab-case piece come the runs of whole pieces
// starting there (non-zero in non-zero-sized, get-issue in
// go-get-issue-15410: a grep's -w finds a hyphenated word inside a longer
// one), and before a part that starts a snake_case or kebab-case segment
// of several parts, the segment (uint32 in uint32_t, getUser in
// api_getUser, v0 in V0-V31). A search for either found nothing. It
// returns the number of positions the identifier takes.
func ForEachIdentTerm(id []byte, fn func(start, end, rel int)) int {
	var parts [16][2]int
	n := SplitParts(id, parts[:0])
	if len(n) == 0 {
		return 0
	}
	if len(n) > 1 || n[0][0] != 0 || n[0][1] != len(id) {
		if len(id) <= MaxTokenLen {
			fn(0, len(id), 0)
		}
	}
	kebab := bytes.IndexByte(id, '-') >= 0
	for i, p := range n {
		if kebab && (i == 0 || id[p[0]-1] == '-') {
			from := p[0]
			if i == 0 {
				from = 0 // a leading '_' is the first piece's
			}
			forEachPieceRun(id, from, func(start, end int) { fn(start, end, i) })
		}
		if seg := segmentEnd(n, i); seg > i && (p[0] > 0 || n[seg][1] < len(id)) && n[seg][1]-p[0] <= MaxTokenLen {
			fn(p[0], n[seg][1], i)
		}
		end := p[1]
		if end-p[0] > MaxTokenLen {
			end = p[0] + MaxTokenLen
			for end > p[0] && !utf8.RuneStart(id[end]) {
				end--
			}
		}
		fn(p[0], end, i)
	}
	return len(n)
}

// maxRunPieces bounds the kebab-case pieces of a run, so an identifier of
// many (a UUID, a long CSS class) makes terms in proportion to them.
const maxRunPieces = 4

// forEachPieceRun calls fn with each run of kebab-case pieces of id
// starting at from (a piece's start) but id itself and a lone piece
// without a '_' (a segment, or a part: a term already).
func forEachPieceRun(id []byte, from int, fn func(start, end int)) {
	end := from
	for pieces := 1; pieces <= maxRunPieces && end < len(id); pieces++ {
		if dash := bytes.IndexByte(id[end:], '-'); dash >= 0 {
			end += dash
		} else {
			end = len(id)
		}
		whole := from == 0 && end == len(id)
		lone := pieces == 1 && bytes.IndexByte(id[from:end], '_') < 0
		if !whole && !lone && end-from <= MaxTokenLen {
			fn(from, end)
		}
		end++ // past the '-'
	}
}

// segmentEnd: when parts[i] starts a segment (the parts a separator
// does not part, each ending where the next starts), the index of the
// segment's last part; else -1.
func segmentEnd(parts [][2]int, i int) int {
	if i > 0 && parts[i-1][1] == parts[i][0] {
		return -1
	}
	j := i
	for j+1 < len(parts) && parts[j][1] == parts[j+1][0] {
		j++
	}
	return j
}

type runeClass int

const (
	classSep runeClass = iota
	classLower
	classUpper
	classDigit
	classOther // letters without case (CJK, ...)
)

func classify(r rune) runeClass {
	if r < utf8.RuneSelf {
		return asciiClass[r]
	}
	switch {
	case r == '_' || r == '-':
		return classSep
	case r >= '0' && r <= '9' || unicode.IsDigit(r):
		return classDigit
	case unicode.IsUpper(r):
		return classUpper
	case unicode.IsLower(r):
		return classLower
	}
	return classOther
}

// SplitParts splits an identifier at separators, lower→Upper changes,
// the last capital of an acronym (HTTPServer → HTTP|Server) and
// letter↔digit changes. Offsets are relative to id.
func SplitParts(id []byte, parts [][2]int) [][2]int {
	start := -1
	prev := classSep
	for i := 0; i < len(id); {
		r, size := rune(id[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(id[i:])
		}
		c := classify(r)
		boundary := false
		switch {
		case c == classSep:
			if start >= 0 {
				parts = append(parts, [2]int{start, i})
				start = -1
			}
		case start < 0:
			start = i
		case prev == classLower && c == classUpper,
			prev == classDigit && c != classDigit,
			prev != classDigit && c == classDigit:
			boundary = true
		case prev == classUpper && c == classLower:
			// HTTPServer: the S starts the new word, so cut before it.
			if _, psize := utf8.DecodeLastRune(id[:i]); i-psize > start {
				parts = append(parts, [2]int{start, i - psize})
				start = i - psize
			}
		}
		if boundary {
			parts = append(parts, [2]int{start, i})
			start = i
		}
		prev = c
		i += size
	}
	if start >= 0 {
		parts = append(parts, [2]int{start, len(id)})
	}
	return parts
}
