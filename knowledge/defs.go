package knowledge

import (
	"bytes"
	"slices"
	"unicode/utf8"

	"github.com/hearth-agent/hearth/knowledge/defs"
)

// A search for a name should show where it is defined before the files
// that merely use it, where a grep user would look first. The index
// keeps, per file, the names its lines define (fieldDef, each a code
// word's whole term), as package defs recognises them. A word query then
// also asks the def field, with defBoost, so a file defining the word
// outranks the files using it, and its hit shows the definition's line
// (defline.go). A line of a docstring starting "class of" adds a def
// "of", which only lifts that file for a search for "of".
const (
	fieldDef = "def"
	defBoost = 4.0
)

// definitionTerms lists the distinct terms of the names text, a file of
// language lang, defines: the whole-identifier term the content field
// holds for each.
func definitionTerms(text []byte, lang string) [][]byte {
	var terms [][]byte
	var slab []byte
	var seen map[string]bool // once there are many: a table file defines thousands
	rules, ok := defs.RulesFor(lang)
	if !ok {
		return nil
	}
	defs.Each(text, rules, func(name []byte) bool {
		term := wholeTerm(&slab, name)
		switch {
		case term == nil:
		case seen != nil:
			if !seen[string(term)] {
				seen[string(term)] = true
				terms = append(terms, term)
			}
		case !slices.ContainsFunc(terms, func(t []byte) bool { return bytes.Equal(t, term) }):
			terms = append(terms, term)
			if len(terms) == 32 {
				seen = make(map[string]bool, 64)
				for _, t := range terms {
					seen[string(t)] = true
				}
			}
		}
		return true
	})
	return terms
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
