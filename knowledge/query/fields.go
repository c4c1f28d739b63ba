// Package query reads and plans Hearth's search queries: the clauses of
// a query string (words, "phrases", /regexes/, filters, def:Name), the
// alternatives an OR makes of it (Parse), what each clause becomes (a
// Term: the words and grams it asks the index for, the literal and
// regexp a file is then searched with), and the plan of what to ask the
// index, decided against a Dictionary the index implements (Plan). It
// imports nothing of the index: package knowledge translates a planned
// Query into its bleve queries and runs them.
package query

import (
	"errors"
	"strings"
	"unicode"
)

// ErrBadQuery wraps every query syntax error.
var ErrBadQuery = errors.New("bad query")

// A Field is one clause of a query as typed: a word, a filter, a
// /regex/, or the text of a "quoted phrase" (Quoted).
type Field struct {
	Text   string
	Quoted bool
}

// Fields splits a query on spaces, keeping "quoted phrases" and
// /regexes/ together; a phrase still being typed ends the query.
func Fields(s string) []Field {
	var out []Field
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '/' { // a /regex/ may hold spaces
			if end := closingSlash(s); end > 0 {
				out = append(out, Field{Text: s[:end+1]})
				s = s[end+1:]
				continue
			}
		}
		if s[0] == '"' {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				out = append(out, Field{Text: s[1:], Quoted: true})
				break
			}
			out = append(out, Field{Text: s[1 : end+1], Quoted: true})
			s = s[end+2:]
			continue
		}
		end := strings.IndexFunc(s, unicode.IsSpace)
		if end < 0 {
			end = len(s)
		}
		out = append(out, Field{Text: s[:end]})
		s = s[end:]
	}
	return out
}

// closingSlash finds the unescaped '/' closing a /regex/ at s[0].
func closingSlash(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '/':
			if i > 1 && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\t') {
				return i
			}
		}
	}
	return -1
}
