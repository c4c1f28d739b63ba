package knowledge

import (
	"bytes"
	"context"
	"slices"
	"unicode/utf8"

	bleveq "github.com/blevesearch/bleve/v2/search/query"

	"github.com/hearth-agent/hearth/knowledge/defs"
	"github.com/hearth-agent/hearth/knowledge/match"
	"github.com/hearth-agent/hearth/knowledge/query"
)

// A search for a name should show where it is defined before the files
// that merely use it, where a grep user would look first. The index
// keeps, per file, the names its lines define (fieldDef, each a code
// word's whole term), as package defs recognises them. A word query then
// also asks the def field, with defBoost, so a file defining the word
// outranks the files using it, and its hit shows the definition's line
// (match.DefinitionFirst). A line of a docstring starting "class of" adds a def
// "of", which only lifts that file for a search for "of".
const (
	fieldDef = "def"
	defBoost = 4.0
	// fieldDefWords holds the code words of the names a file defines
	// (CheckShell: checkshell, check, shell), so a sentence's word finds
	// the files defining a name made of it (sentence.go).
	fieldDefWords = "defwords"
)

// definitionTerms lists the distinct terms of the names text, a file of
// language lang, defines: the whole-identifier term the content field
// holds for each; names holds the distinct names, a line each, for the
// defwords field.
func definitionTerms(text []byte, lang string) (terms [][]byte, names []byte) {
	var slab []byte
	var seen map[string]bool // once there are many: a table file defines thousands
	rules, ok := defs.RulesFor(lang)
	if !ok {
		return nil, nil
	}
	defs.Each(text, rules, func(name []byte) bool {
		term := wholeTerm(&slab, name)
		switch {
		case term == nil:
		case seen != nil:
			if !seen[string(term)] {
				seen[string(term)] = true
				terms = append(terms, term)
				names = append(append(names, name...), '\n')
			}
		case !slices.ContainsFunc(terms, func(t []byte) bool { return bytes.Equal(t, term) }):
			terms = append(terms, term)
			names = append(append(names, name...), '\n')
			if len(terms) == 32 {
				seen = make(map[string]bool, 64)
				for _, t := range terms {
					seen[string(t)] = true
				}
			}
		}
		return true
	})
	return terms, names
}

// wholeTerm is the term the code analyzer makes of an identifier as a
// whole, lowercased into *slab (ASCII names, nearly all) or by the
// analyzer itself; nil when it makes none.
func wholeTerm(slab *[]byte, name []byte) []byte {
	for _, c := range name {
		if c == '$' || c >= utf8.RuneSelf {
			if ts := (codeAnalyzer{}).Analyze(name); len(ts) > 0 {
				return ts[0].Term
			}
			return nil
		}
	}
	if len(bytes.Trim(name, "_")) == 0 {
		return nil
	}
	return lowerInto(slab, name, 1024)
}

// newDefField is the def field of a document: its terms, each once.
func newDefField(terms [][]byte) *countedField {
	return &countedField{name: fieldDef, count: func(_ []byte, c *termCounter) {
		c.reserve(len(terms))
		for _, t := range terms {
			c.insert(t)
		}
		c.occurrences = len(terms)
	}}
}

// The query side of definitions: asking the def field (which words are
// asked there is planned by query.Query.Plan), and showing a defining
// file at its definition.

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
		if !t.DefOnly || !match.IsASCII(t.Text) { // DefinitionFirst finds ASCII names
			continue
		}
		if _, ok := match.DefinitionFirst(data, match.Lines{}, t.Text, langOfPath(rel), t.ExactCase); !ok {
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
// the word's term, for match.DefinitionFirst. Only the page's hits are
// asked about: listing every file defining a common name ("context",
// "init") cost more than the page, and left out those past the list's
// end.
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
