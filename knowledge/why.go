package knowledge

import (
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/knowledge/analysis"
	"github.com/hearth-agent/hearth/knowledge/defs"
	"github.com/hearth-agent/hearth/knowledge/match"
	"github.com/hearth-agent/hearth/knowledge/query"
)

// Why a question's hit is on the page: the words it holds, the name it
// defines holding each, and the lines that show them.

// A WordMatch is one word of a sentence a hit matched: in its text or
// path, or in a name it defines (Definition, that name).
type WordMatch struct {
	Word       string `json:"word"`
	Definition string `json:"definition,omitempty"`
}

// Why says why a hit is listed: "ask, command (definition: CheckCommand)",
// the words it matched, then the names it defines holding them.
func Why(matched []WordMatch) string {
	var words, names []string
	for _, m := range matched {
		words = append(words, m.Word)
		if m.Definition != "" && !slices.Contains(names, m.Definition) {
			names = append(names, m.Definition)
		}
	}
	line := strings.Join(words, ", ")
	if len(names) > 0 {
		line += " (definition: " + strings.Join(names, ", ") + ")"
	}
	return line
}

// sentenceTerms is the query whose terms find a sentence's words in a
// hit's lines: each word's forms, a few each.
func sentenceTerms(words []query.SentenceWord) *parsedQuery {
	pq := &parsedQuery{Query: &query.Query{}}
	for _, w := range words {
		for _, form := range w.Terms[:min(len(w.Terms), maxFormsShown)] {
			if t, err := query.WordTerm(form); err == nil {
				pq.Terms = append(pq.Terms, t)
			}
		}
	}
	return pq
}

// maxFormsShown bounds the forms of a word a hit's lines are searched for.
const maxFormsShown = 4

// sentenceDefinitions names, for each of words, the first name data (a
// file of language lang) defines holding one of its forms as a code word,
// and makes the first such definition m's best line.
func sentenceDefinitions(data []byte, m match.Lines, lang string, words []query.SentenceWord) (match.Lines, map[string]string) {
	rules, ok := defs.RulesFor(lang)
	if !ok {
		return m, nil
	}
	var names map[string]string
	first := ""
	defs.Each(data, rules, func(name []byte) bool {
		parts := analysis.Terms(string(name))
		for _, w := range words {
			if names[w.Text] != "" || !slices.ContainsFunc(w.Terms, func(t string) bool { return slices.Contains(parts, t) }) {
				continue
			}
			if names == nil {
				names = map[string]string{}
			}
			names[w.Text] = string(name)
			if first == "" {
				first = string(name)
			}
		}
		return len(names) < len(words)
	})
	if first != "" {
		m, _ = match.DefinitionFirst(data, m, first, lang, true)
	}
	return m, names
}
