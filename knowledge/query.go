package knowledge

import (
	"github.com/hearth-agent/hearth/knowledge/query"
)

// ErrBadQuery wraps every query syntax error.
var ErrBadQuery = query.ErrBadQuery

// parsedQuery is one alternative of a query as a search runs it: its
// plan (knowledge/query), the index the plan asks once the first build
// is done, and what the search learnt of its hits.
type parsedQuery struct {
	*query.Query
	// dict, when set, is the index the query runs on (see indexDict).
	dict query.Dictionary
	// definers maps the files defining a word of the query to its term,
	// whose definition line their hits show first.
	definers map[string]string
}

// parseAlternatives reads each alternative of a query (one when it has
// no OR) before any runs, so a mistake in the last is reported at once.
func parseAlternatives(s string) ([]*parsedQuery, error) {
	alts, err := query.Parse(s)
	if err != nil {
		return nil, err
	}
	parsed := make([]*parsedQuery, len(alts))
	for i, q := range alts {
		parsed[i] = &parsedQuery{Query: q}
	}
	return parsed, nil
}

// lookForUnknownAsText turns the words the index holds nowhere into text
// to find (see query.Query.LookForUnknownAsText).
func (q *parsedQuery) lookForUnknownAsText() bool { return q.LookForUnknownAsText(q.dict) }
