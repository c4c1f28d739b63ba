package knowledge

import (
	"bytes"
	"regexp"
	"regexp/syntax"
	"unicode/utf8"
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

// regexLiteral returns a literal that every match of re contains, for a
// fast prefilter; fold means it is lowercased and must be searched in
// lowercased text. "" means no literal is known.
func regexLiteral(re *regexp.Regexp) (string, bool) {
	p, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return "", false
	}
	p = p.Simplify()
	lit := func(r *syntax.Regexp) (string, bool) {
		if r.Op != syntax.OpLiteral {
			return "", false
		}
		s := string(r.Rune)
		fold := r.Flags&syntax.FoldCase != 0
		if fold {
			s = asciiLowerString(s)
			for _, c := range r.Rune {
				if c >= utf8.RuneSelf {
					return "", false // non-ASCII folding: no safe literal
				}
			}
		}
		return s, fold
	}
	if s, fold := lit(p); s != "" {
		return s, fold
	}
	best, bestFold := "", false
	if p.Op == syntax.OpConcat {
		for _, sub := range p.Sub {
			if s, fold := lit(sub); len(s) > len(best) {
				best, bestFold = s, fold
			}
		}
	}
	return best, bestFold
}

// textView is a file's bytes plus their ASCII-lowercased copy, made once.
type textView struct {
	data, low []byte
}

func (v *textView) lower() []byte {
	if v.low == nil {
		v.low = asciiLower(v.data)
	}
	return v.low
}

// literalSpans finds every occurrence of lit (in the lowercased text when
// fold).
func (v *textView) literalSpans(lit string, fold bool) [][2]int {
	hay := v.data
	if fold {
		hay = v.lower()
	}
	var out [][2]int
	needle := []byte(lit)
	for i := 0; len(out) < maxMatchesFound; {
		j := bytes.Index(hay[i:], needle)
		if j < 0 {
			break
		}
		out = append(out, [2]int{i + j, i + j + len(needle)})
		i += j + max(1, len(needle))
	}
	return out
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
