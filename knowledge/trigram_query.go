package knowledge

import (
	bleveq "github.com/blevesearch/bleve/v2/search/query"

	query "github.com/hearth-agent/hearth/knowledge/query"
)

// trigramBoost keeps the trigram filter from weighing in the ranking:
// words rank, trigrams only select.
const trigramBoost = 1e-3

// gramsQuery asks the trigram field for what g requires; nil when it
// requires nothing.
func gramsQuery(q *query.Grams) bleveq.Query {
	if q == nil {
		return nil
	}
	var qs []bleveq.Query
	for _, t := range q.All {
		tq := bleveq.NewTermQuery(t)
		tq.SetField(fieldTrigram)
		tq.SetBoost(trigramBoost)
		qs = append(qs, tq)
	}
	for _, s := range q.Sub {
		qs = append(qs, gramsQuery(s))
	}
	if len(qs) == 1 {
		return qs[0]
	}
	if q.Or {
		return bleveq.NewDisjunctionQuery(qs)
	}
	return bleveq.NewConjunctionQuery(qs)
}
