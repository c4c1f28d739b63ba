package permission

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// word is a shell word whose value is known before running (a literal),
// or the source text of one that is not.
type word struct {
	s       string
	dynamic bool // value known only at run time
	glob    bool // contains unquoted pattern or brace characters
}

// wordLit evaluates a word made only of literals and quotes, exactly as
// bash would (backslash escapes included), so "r\m" is seen as rm.
func wordLit(w *syntax.Word) (word, bool) {
	var out word
	var b strings.Builder
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			v, g := unescape(p.Value, false)
			b.WriteString(v)
			out.glob = out.glob || g
		case *syntax.SglQuoted:
			if p.Dollar {
				return word{}, false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar {
				return word{}, false
			}
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return word{}, false
				}
				v, _ := unescape(lit.Value, true)
				b.WriteString(v)
			}
		default:
			return word{}, false
		}
	}
	out.s = b.String()
	return out, true
}

// unescape applies bash's backslash rules; glob reports unquoted *, ?, [ or
// brace expansion.
func unescape(s string, inDouble bool) (string, bool) {
	var b strings.Builder
	glob := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			next := s[i+1]
			switch {
			case next == '\n':
			case !inDouble:
				b.WriteByte(next)
			case strings.IndexByte("$`\"\\", next) >= 0:
				b.WriteByte(next)
			default:
				b.WriteByte(c)
				b.WriteByte(next)
			}
			i++
			continue
		}
		if !inDouble && strings.IndexByte("*?[{", c) >= 0 {
			glob = true
		}
		b.WriteByte(c)
	}
	return b.String(), glob
}
