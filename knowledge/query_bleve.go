package knowledge

import (
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// pathBoost ranks a word found in the file's path above the same word in
// its content.
const pathBoost = 3.0

// bleveQuery builds the index query for a query that needs no scan.
func (q *parsedQuery) bleveQuery() query.Query {
	var must []query.Query
	for _, t := range q.terms {
		must = append(must, q.termQuery(t))
	}
	if f := q.filterQuery(); f != nil {
		must = append(must, f)
	}
	kept := allOf(must, query.NewMatchAllQuery())
	if ex := q.excludeQuery(); ex != nil {
		return query.NewBooleanQuery([]query.Query{kept}, nil, []query.Query{ex})
	}
	return kept
}

// allOf requires every query of qs, or gives empty when there are none;
// a conjunction of one still costs a searcher step per hit, so one query
// stands alone.
func allOf(qs []query.Query, empty query.Query) query.Query {
	switch len(qs) {
	case 0:
		return empty
	case 1:
		return qs[0]
	}
	return query.NewConjunctionQuery(qs)
}

func (q *parsedQuery) termQuery(t term) query.Query {
	both := func(content, path query.Query) query.Query {
		return query.NewDisjunctionQuery([]query.Query{content, path})
	}
	low := analysis.FoldString(t.text)
	switch t.kind {
	case termPrefix:
		c, p := query.NewPrefixQuery(low), query.NewPrefixQuery(low)
		c.SetField(fieldContent)
		p.SetField(fieldPath)
		p.SetBoost(pathBoost)
		return both(c, p)
	case termFuzzy:
		c, p := query.NewFuzzyQuery(low), query.NewFuzzyQuery(low)
		c.SetField(fieldContent)
		c.SetFuzziness(t.fuzz)
		p.SetField(fieldPath)
		p.SetFuzziness(t.fuzz)
		p.SetBoost(pathBoost)
		return both(c, p)
	case termPhrase:
		return q.identsAndGrams(t)
	case termWildcard, termRegex:
		var qs []query.Query
		if q := t.tri.bleve(); q != nil {
			qs = append(qs, q)
		}
		if t.partPrefix != "" {
			p := query.NewPrefixQuery(t.partPrefix)
			p.SetField(fieldContent)
			qs = append(qs, p)
		}
		return allOf(qs, query.NewMatchAllQuery())
	}
	if t.defOnly {
		return q.onlyDefining(t)
	}
	if t.inDataOnly {
		// Only files holding data; no path holds it as a word.
		data := query.NewTermQuery(string(analysis.DataMarker))
		data.SetField(fieldContent)
		return allOf([]query.Query{q.identsAndGrams(t), data}, nil)
	}
	if t.verify {
		// os.Open, net/http: every identifier and the text's trigrams in
		// the content, or the whole text in the path.
		w := query.NewWildcardQuery("*" + wildcardEscape(low) + "*")
		w.SetField(fieldPathKW)
		w.SetBoost(pathBoost)
		return both(q.identsAndGrams(t), w)
	}
	// A clause no document can match (no path holds the word, no file
	// defines it) is left out: a disjunction with an empty clause still
	// costs a merge step per hit, a large part of a common word's query.
	clauses := []query.Query{identsQuery(t.text, fieldContent, 1)}
	if q.dict == nil || q.anyInPaths(t.text) {
		clauses = append(clauses, identsQuery(t.text, fieldPath, pathBoost))
	}
	if d := q.definedQuery(t.text); d != nil {
		clauses = append(clauses, d)
	}
	if len(clauses) == 1 {
		return clauses[0]
	}
	return query.NewDisjunctionQuery(clauses)
}

// anyInPaths: some indexed path holds one of text's whole identifiers
// (the terms identsQuery would ask the path field for).
func (q *parsedQuery) anyInPaths(text string) bool {
	return slices.ContainsFunc(analysis.WordsOf(text).Terms, q.dict.pathTermIndexed)
}

// identsAndGrams asks for a phrase's or a punctuated word's identifiers
// in the content, and its grams: the grams alone when it has no
// identifier but CJK ones, and any file when it has neither (a lone 語,
// or "->"), each checked on disk. A last word that may go on in the file
// is asked for as a prefix (see analysis.WordsOf).
func (q *parsedQuery) identsAndGrams(t term) query.Query {
	terms, tri := t.words.Terms, t.tri
	var qs []query.Query
	if t.words.OpenEnd {
		var last query.Query
		last, tri = q.openWord(terms[len(terms)-1], tri)
		terms = terms[:len(terms)-1]
		if last != nil {
			qs = append(qs, last)
		}
	}
	qs = append(qs, termQueries(terms, fieldContent, 1)...)
	if len(qs) == 0 {
		if tri != nil {
			return tri.bleve()
		}
		return query.NewMatchAllQuery()
	}
	return withTrigrams(allOf(qs, nil), tri)
}

// maxOpenTerms bounds the code words a last word may begin: more are
// left to its trigrams, whose few posting lists cost less than a
// disjunction of many frequent terms ("if err").
const maxOpenTerms = 8

// openWord is the query for the code words starting with prefix: the
// terms the index holds, as a disjunction the per-core searcher runs
// (nil, and the prefix's trigrams added to tri, when there are too
// many), or bleve's prefix query while the first build runs.
func (q *parsedQuery) openWord(prefix string, tri *triQuery) (query.Query, *triQuery) {
	if q.dict == nil {
		p := query.NewPrefixQuery(prefix)
		p.SetField(fieldContent)
		return p, tri
	}
	terms, ok := q.dict.contentTermsWithPrefix(prefix, maxOpenTerms)
	if !ok {
		grams := literalQuery(prefix)
		switch {
		case grams == nil:
			return nil, tri
		case tri != nil:
			grams.sub = []*triQuery{tri}
		}
		return nil, grams
	}
	qs := termQueries(terms, fieldContent, 1)
	switch len(qs) {
	case 0:
		return query.NewMatchNoneQuery(), tri
	case 1:
		return qs[0], tri
	}
	return query.NewDisjunctionQuery(qs), tri
}

func withTrigrams(q query.Query, tri *triQuery) query.Query {
	if tq := tri.bleve(); tq != nil {
		return query.NewConjunctionQuery([]query.Query{q, tq})
	}
	return q
}

// identsQuery requires each whole identifier of text as a term.
func identsQuery(text, field string, boost float64) query.Query {
	return termsQuery(analysis.WordsOf(text).Terms, field, boost)
}

func termsQuery(terms []string, field string, boost float64) query.Query {
	return allOf(termQueries(terms, field, boost), query.NewMatchNoneQuery())
}

func termQueries(terms []string, field string, boost float64) []query.Query {
	var qs []query.Query
	for _, term := range terms {
		tq := query.NewTermQuery(term)
		tq.SetField(field)
		tq.SetBoost(boost)
		qs = append(qs, tq)
	}
	return qs
}

func wildcardEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`).Replace(s)
}
