package knowledge

import (
	"strings"

	bleveq "github.com/blevesearch/bleve/v2/search/query"

	"github.com/hearth-agent/hearth/knowledge/analysis"
	"github.com/hearth-agent/hearth/knowledge/query"
)

// pathBoost ranks a word found in the file's path above the same word in
// its content.
const pathBoost = 3.0

// bleveQuery plans the query against the index's dictionary (none while
// the first build runs) and translates the plan into the index query,
// for a query that needs no scan.
func (q *parsedQuery) bleveQuery() bleveq.Query {
	q.Plan(q.dict)
	var must []bleveq.Query
	for _, t := range q.Terms {
		must = append(must, translateTerm(t))
	}
	if f := q.filterQuery(); f != nil {
		must = append(must, f)
	}
	kept := allOf(must, bleveq.NewMatchAllQuery())
	if ex := q.excludeQuery(); ex != nil {
		return bleveq.NewBooleanQuery([]bleveq.Query{kept}, nil, []bleveq.Query{ex})
	}
	return kept
}

// allOf requires every query of qs, or gives empty when there are none;
// a conjunction of one still costs a searcher step per hit, so one query
// stands alone.
func allOf(qs []bleveq.Query, empty bleveq.Query) bleveq.Query {
	switch len(qs) {
	case 0:
		return empty
	case 1:
		return qs[0]
	}
	return bleveq.NewConjunctionQuery(qs)
}

// translateTerm is the index query of one planned term (see query.Query.Plan).
func translateTerm(t query.Term) bleveq.Query {
	both := func(content, path bleveq.Query) bleveq.Query {
		return bleveq.NewDisjunctionQuery([]bleveq.Query{content, path})
	}
	low := analysis.FoldString(t.Text)
	switch t.Kind {
	case query.Prefix:
		c, p := bleveq.NewPrefixQuery(low), bleveq.NewPrefixQuery(low)
		c.SetField(fieldContent)
		p.SetField(fieldPath)
		p.SetBoost(pathBoost)
		return both(c, p)
	case query.Fuzzy:
		c, p := bleveq.NewFuzzyQuery(low), bleveq.NewFuzzyQuery(low)
		c.SetField(fieldContent)
		c.SetFuzziness(t.Fuzz)
		p.SetField(fieldPath)
		p.SetFuzziness(t.Fuzz)
		p.SetBoost(pathBoost)
		return both(c, p)
	case query.Phrase:
		return identsAndGrams(t)
	case query.Wildcard, query.Regex:
		var qs []bleveq.Query
		if q := gramsQuery(t.Grams); q != nil {
			qs = append(qs, q)
		}
		if t.PartPrefix != "" {
			p := bleveq.NewPrefixQuery(t.PartPrefix)
			p.SetField(fieldContent)
			qs = append(qs, p)
		}
		return allOf(qs, bleveq.NewMatchAllQuery())
	}
	if t.DefOnly {
		return onlyDefining(t)
	}
	if t.InDataOnly {
		// Only files holding data; no path holds it as a word.
		data := bleveq.NewTermQuery(string(analysis.DataMarker))
		data.SetField(fieldContent)
		return allOf([]bleveq.Query{identsAndGrams(t), data}, nil)
	}
	if t.Verify {
		// os.Open, net/http: every identifier and the text's trigrams in
		// the content, or the whole text in the path.
		w := bleveq.NewWildcardQuery("*" + wildcardEscape(low) + "*")
		w.SetField(fieldPathKW)
		w.SetBoost(pathBoost)
		return both(identsAndGrams(t), w)
	}
	// The clauses Plan found no document can match (no path holds the
	// word, no file defines it) are left out.
	clauses := []bleveq.Query{identsQuery(t.Text, fieldContent, 1)}
	if t.InPaths {
		clauses = append(clauses, identsQuery(t.Text, fieldPath, pathBoost))
	}
	if d := definedQuery(t); d != nil {
		clauses = append(clauses, d)
	}
	if len(clauses) == 1 {
		return clauses[0]
	}
	return bleveq.NewDisjunctionQuery(clauses)
}

// identsAndGrams asks for a phrase's or a punctuated word's identifiers
// in the content, and its grams: the grams alone when it has no
// identifier but CJK ones, and any file when it has neither (a lone 語,
// or "->"), each checked on disk. A last word that may go on in the file
// is asked for as Plan decided (query.OpenWord).
func identsAndGrams(t query.Term) bleveq.Query {
	terms, grams := t.Words.Terms, t.Grams
	var qs []bleveq.Query
	if t.Words.OpenEnd {
		last := terms[len(terms)-1]
		terms = terms[:len(terms)-1]
		switch o := t.Open; {
		case o.AsPrefix:
			p := bleveq.NewPrefixQuery(last)
			p.SetField(fieldContent)
			qs = append(qs, p)
		case o.ByGrams:
			grams = o.Grams
		default:
			qs = append(qs, anyTerm(o.Terms, fieldContent))
		}
	}
	qs = append(qs, termQueries(terms, fieldContent, 1)...)
	if len(qs) == 0 {
		if grams != nil {
			return gramsQuery(grams)
		}
		return bleveq.NewMatchAllQuery()
	}
	return withTrigrams(allOf(qs, nil), grams)
}

// anyTerm matches any of terms in field; none when there are none.
func anyTerm(terms []string, field string) bleveq.Query {
	qs := termQueries(terms, field, 1)
	switch len(qs) {
	case 0:
		return bleveq.NewMatchNoneQuery()
	case 1:
		return qs[0]
	}
	return bleveq.NewDisjunctionQuery(qs)
}

func withTrigrams(q bleveq.Query, grams *query.Grams) bleveq.Query {
	if tq := gramsQuery(grams); tq != nil {
		return bleveq.NewConjunctionQuery([]bleveq.Query{q, tq})
	}
	return q
}

// identsQuery requires each whole identifier of text as a term.
func identsQuery(text, field string, boost float64) bleveq.Query {
	return termsQuery(analysis.WordsOf(text).Terms, field, boost)
}

func termsQuery(terms []string, field string, boost float64) bleveq.Query {
	return allOf(termQueries(terms, field, boost), bleveq.NewMatchNoneQuery())
}

func termQueries(terms []string, field string, boost float64) []bleveq.Query {
	var qs []bleveq.Query
	for _, term := range terms {
		tq := bleveq.NewTermQuery(term)
		tq.SetField(field)
		tq.SetBoost(boost)
		qs = append(qs, tq)
	}
	return qs
}

func wildcardEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`).Replace(s)
}
