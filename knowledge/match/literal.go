package match

import (
	"bytes"

	"github.com/hearth-agent/hearth/knowledge/analysis"
	"github.com/hearth-agent/hearth/knowledge/query"
)

// asciiLower lowercases ASCII letters only, so offsets in the result are
// offsets in the input.
func asciiLower(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

func asciiLowerString(s string) string { return string(asciiLower([]byte(s))) }

// textView is a file's bytes as read; case-insensitive literal search
// runs on them directly (no lowercased copy of the file).
type textView struct {
	data []byte
}

// literalSpans finds every occurrence of lit (ignoring ASCII case when
// fold; lit is then lowercase).
func (v *textView) literalSpans(lit string, fold bool) [][2]int {
	var out [][2]int
	needle := []byte(lit)
	for i := 0; len(out) < maxMatchesFound && i <= len(v.data); {
		var j int
		if fold {
			j = indexFold(v.data[i:], needle)
		} else {
			j = indexExact(v.data[i:], needle)
		}
		if j < 0 {
			break
		}
		out = append(out, [2]int{i + j, i + j + len(needle)})
		i += j + max(1, len(needle))
	}
	return out
}

// indexFold returns the first index of needle (lowercase) in hay, ASCII
// case ignored, or -1.
func indexFold(hay, needle []byte) int {
	if len(needle) == 0 {
		return 0
	}
	if len(needle) > len(hay) {
		return -1
	}
	if a, b := caselessRun(needle); b-a >= 2 {
		return indexAround(hay, needle, a, b)
	}
	k := rarestAt(needle)
	lo, up := needle[k], needle[k]
	if 'a' <= lo && lo <= 'z' {
		up = lo - ('a' - 'A')
	}
	nextLo, nextUp := -2, -2 // -2: not searched yet; -1: none left
	for pos := k; ; {
		if nextLo != -1 && nextLo < pos {
			if nextLo = bytes.IndexByte(hay[pos:], lo); nextLo >= 0 {
				nextLo += pos
			}
		}
		if up != lo && nextUp != -1 && nextUp < pos {
			if nextUp = bytes.IndexByte(hay[pos:], up); nextUp >= 0 {
				nextUp += pos
			}
		}
		p := nextLo
		if up != lo && nextUp >= 0 && (p < 0 || nextUp < p) {
			p = nextUp
		}
		if p < 0 {
			return -1
		}
		start := p - k
		if start+len(needle) > len(hay) {
			return -1
		}
		if equalFoldLower(hay[start:start+len(needle)], needle) {
			return start
		}
		pos = p + 1
	}
}

// rarestAt is the index of needle's rarest byte (the first of equals).
func rarestAt(needle []byte) int {
	k := 0
	for i, c := range needle {
		if analysis.ByteRarity[c] < analysis.ByteRarity[needle[k]] {
			k = i
		}
	}
	return k
}

// indexExact is bytes.Index anchored on the needle's rarest byte, which
// the vectorized byte search skips to: bytes.Index stops at each of the
// first byte's, and the space opening " *Reader) Read" is every few bytes
// of code, which made that search a large part of a regex query.
func indexExact(hay, needle []byte) int {
	k := rarestAt(needle)
	if k == 0 || len(needle) > len(hay) {
		return bytes.Index(hay, needle)
	}
	for pos := k; pos < len(hay); {
		j := bytes.IndexByte(hay[pos:], needle[k])
		if j < 0 {
			return -1
		}
		start := pos + j - k
		if start+len(needle) > len(hay) {
			return -1
		}
		if bytes.Equal(hay[start:start+len(needle)], needle) {
			return start
		}
		pos += j + 1
	}
	return -1
}

// equalFoldLower: a equals the lowercase b, ASCII case ignored.
// caselessRun is the needle's longest run of bytes that case folding
// leaves alone (digits, punctuation, non-ASCII), blanks excepted: they
// join the commonest pairs of code (", ", ") {").
func caselessRun(needle []byte) (a, b int) {
	for i := 0; i < len(needle); {
		j := i
		for j < len(needle) && !isASCIILetter(needle[j]) && needle[j] != ' ' && needle[j] != '\t' {
			j++
		}
		if j-i > b-a {
			a, b = i, j
		}
		i = j + 1
	}
	return a, b
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// indexAround finds the needle through its caseless run needle[a:b] with
// the vectorized substring search, comparing the letters around each
// occurrence. Identifiers such as getNode511 end in digits, and a single
// digit anchored the search on every number of the text.
func indexAround(hay, needle []byte, a, b int) int {
	run := needle[a:b]
	for from := a; from < len(hay); {
		j := bytes.Index(hay[from:], run)
		if j < 0 {
			return -1
		}
		start := from + j - a
		if start+len(needle) > len(hay) {
			return -1
		}
		if equalFoldLower(hay[start:start+len(needle)], needle) {
			return start
		}
		from += j + 1
	}
	return -1
}

func equalFoldLower(a, b []byte) bool {
	for i, c := range a {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != b[i] {
			return false
		}
	}
	return true
}

// lineAt returns the bounds of the line holding offset i.
func lineAt(data []byte, i int) (int, int) {
	start := bytes.LastIndexByte(data[:i], '\n') + 1
	end := bytes.IndexByte(data[i:], '\n')
	if end < 0 {
		return start, len(data)
	}
	return start, i + end
}

// MayMatch is a cheap reject before a term's full search: false means
// t cannot occur in data.
func MayMatch(data []byte, t query.Term) bool { return (&textView{data: data}).mayMatch(t) }

// mayMatch is a cheap reject before a term's full search: false means
// the term cannot occur in the text.
func (v *textView) mayMatch(t query.Term) bool {
	if t.Lit == "" || t.Kind == query.Fuzzy {
		return true
	}
	if !t.Fold {
		return indexExact(v.data, []byte(t.Lit)) >= 0
	}
	return indexFold(v.data, []byte(t.Lit)) >= 0
}
