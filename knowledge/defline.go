package knowledge

import (
	"bytes"
	"context"

	bleveq "github.com/blevesearch/bleve/v2/search/query"

	"github.com/hearth-agent/hearth/knowledge/defs"
	"github.com/hearth-agent/hearth/knowledge/query"
)

// The query side of definitions (defs.go): asking the def field (which
// words are asked there is planned by query.Query.Plan), and showing a
// defining file at its definition.

// definedQuery asks the def field for the term Plan found defined; nil
// when it found none.
func definedQuery(t query.Term) bleveq.Query {
	if t.Defined == "" {
		return nil
	}
	tq := bleveq.NewTermQuery(t.Defined)
	tq.SetField(fieldDef)
	tq.SetBoost(defBoost)
	return tq
}

// onlyDefining asks for def:name: the files holding the word that define
// it (the content ranks them); none when no file defines it.
func onlyDefining(t query.Term) bleveq.Query {
	d := definedQuery(t)
	if d == nil {
		return bleveq.NewMatchNoneQuery()
	}
	return bleveq.NewConjunctionQuery([]bleveq.Query{identsQuery(t.Text, fieldContent, 1), d})
}

// definesIn: data, the text of the file at rel, defines each def:name
// term of terms (a scan's check, where the index did not pick the files).
func definesIn(data []byte, rel string, terms []query.Term) bool {
	for _, t := range terms {
		if !t.DefOnly || !isASCII(t.Text) { // definitionFirst finds ASCII names
			continue
		}
		if _, ok := definitionFirst(data, lineMatch{}, t.Text, langOfPath(rel), t.ExactCase); !ok {
			return false
		}
	}
	return true
}

// termDefined reports whether some file defines term; an error counts
// as yes, which keeps the clause.
func (x *Index) termDefined(ctx context.Context, term string) bool {
	return x.anyHolds(ctx, term, false, fieldDef)
}

// maxDefinerSize: a defining file bigger than this shows the lines of its
// first mentions, as any hit does. Its definition can be anywhere, and
// reading the whole of a big file for it costs more than the rest of a
// page, whose big files are read only as far as their first lines.
const maxDefinerSize = 128 << 10

// definersAmong maps the hits, by id, that define one of q's words to
// the word's term, for definitionFirst. Only the page's hits are asked
// about: listing every file defining a common name ("context", "init")
// cost more than the page, and left out those past the list's end.
func (x *Index) definersAmong(ctx context.Context, q *parsedQuery, ids []string) map[string]string {
	var out map[string]string
	var among bleveq.Query
	for _, t := range q.Terms {
		if t.Kind != query.Word || t.Verify || t.InDataOnly || t.DefOnly || len(ids) == 0 {
			continue
		}
		tq, ok := definedQuery(t).(*bleveq.TermQuery)
		if !ok {
			continue
		}
		if among == nil {
			among = bleveq.NewDocIDQuery(ids)
		}
		found, err := x.unscoredIDs(ctx, bleveq.NewConjunctionQuery([]bleveq.Query{among, tq}), len(ids), 0)
		if err != nil {
			continue // the lines are still found, as for any hit
		}
		x.mu.Lock()
		for _, id := range found {
			if out == nil {
				out = map[string]string{}
			}
			if _, seen := out[id]; !seen && x.files[id].size <= maxDefinerSize {
				out[id] = tq.Term
			}
		}
		x.mu.Unlock()
	}
	return out
}

// definitionFirst makes the line of data that defines term (any case,
// or exactly so when exact) m's best line, with its snippet, ahead of the
// lines m found: a search for a name shows the file defining it at its
// definition, not at the first mention (a doc comment, an import); false,
// with m unchanged, when no line defines term. Only the lines holding the
// name are looked at, found by the vectorized search literal.go uses,
// since a scan of every line was slow on a big file.
func definitionFirst(data []byte, m lineMatch, term, lang string, exact bool) (lineMatch, bool) {
	if !isASCII(term) {
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
func withLineFirst(data []byte, m lineMatch, at, end int) lineMatch {
	start, stop := lineAt(data, at)
	ln := bytes.Count(data[:start], newline) + 1
	lines := []int{ln}
	for _, l := range m.lines {
		if l != ln && len(lines) < maxLines {
			lines = append(lines, l)
		}
	}
	snippet, ranges := cutSnippet(data[start:stop], start, []span{{at, end, 0}})
	return lineMatch{line: ln, lines: lines, snippet: snippet, ranges: ranges, unverified: m.unverified}
}
