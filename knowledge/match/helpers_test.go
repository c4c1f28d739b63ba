package match

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/hearth-agent/hearth/knowledge/query"
)

// randomPieces joins pieces picked at random until the text is n bytes
// or longer: random texts built from what a test's matcher treats
// specially.
func randomPieces(rng *rand.Rand, pieces []string, n int) string {
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// randomChars is n bytes picked at random from alphabet.
func randomChars(rng *rand.Rand, alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}

// parseQuery reads a query without OR, as the search reads it.
func parseQuery(s string) (*query.Query, error) {
	alts, err := query.Parse(s)
	if err != nil {
		return nil, err
	}
	if len(alts) != 1 {
		return nil, fmt.Errorf("%q has %d alternatives", s, len(alts))
	}
	return alts[0], nil
}

// parseTerm reads a query of one term and returns it.
func parseTerm(s string) (query.Term, error) {
	q, err := parseQuery(s)
	if err != nil {
		return query.Term{}, err
	}
	if len(q.Terms) != 1 {
		return query.Term{}, fmt.Errorf("%q has %d terms", s, len(q.Terms))
	}
	return q.Terms[0], nil
}
