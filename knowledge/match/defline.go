package match

import (
	"bytes"

	"github.com/hearth-agent/hearth/knowledge/defs"
)

// DefinitionFirst makes the line of data that defines term (any case,
// or exactly so when exact) m's best line, with its snippet, ahead of the
// lines m found: a search for a name shows the file defining it at its
// definition, not at the first mention (a doc comment, an import); false,
// with m unchanged, when no line defines term. Only the lines holding the
// name are looked at, found by the vectorized search literal.go uses,
// since a scan of every line was slow on a big file.
func DefinitionFirst(data []byte, m Lines, term, lang string, exact bool) (Lines, bool) {
	if !IsASCII(term) {
		return m, false
	}
	r, ok := defs.RulesFor(lang)
	if !ok {
		return m, false
	}
	needle := []byte(asciiLowerString(term))
	for from := 0; from < len(data); {
		j := indexFold(data[from:], needle)
		if j < 0 {
			return m, false
		}
		at, end := from+j, from+j+len(needle)
		from = at + 1
		if at > 0 && defs.IsNameByte(data[at-1]) || end < len(data) && defs.IsNameByte(data[end]) {
			continue // inside a longer name
		}
		if exact && string(data[at:end]) != term {
			continue
		}
		start, _ := lineAt(data, at)
		name := defs.At(data, start, r)
		// name is a slice of data to its end: its capacity tells where.
		if name != nil && cap(data)-cap(name) == at && len(name) == len(needle) {
			return withLineFirst(data, m, at, end), true
		}
	}
	return m, false
}

// withLineFirst puts the line holding data[at:end] first in m, with its
// snippet and that span highlighted.
func withLineFirst(data []byte, m Lines, at, end int) Lines {
	start, stop := lineAt(data, at)
	ln := bytes.Count(data[:start], newline) + 1
	lines := []int{ln}
	for _, l := range m.Lines {
		if l != ln && len(lines) < MaxLines {
			lines = append(lines, l)
		}
	}
	snippet, ranges := cutSnippet(data[start:stop], start, []span{{at, end, 0}})
	return Lines{Line: ln, Lines: lines, Snippet: snippet, Ranges: ranges, Unverified: m.Unverified}
}
