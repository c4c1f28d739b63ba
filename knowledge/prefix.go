package knowledge

import (
	"context"
	"strings"
	"unicode"
)

// A SearchOption changes how Search answers a query.
type SearchOption int

const (
	// RetryAsPrefix asks a query that finds nothing again with its last
	// word as a prefix, when that word is a bare word (letters, digits,
	// '_') outside a phrase and no operator: someone still typing
	// "getFooBa", or a model writing part of a name, would otherwise read
	// an empty answer as "not in the code". Results.AsPrefix then says
	// which query answered.
	RetryAsPrefix SearchOption = iota + 1
)

// retryAsPrefix is res, the answer to q, or the answer to q with its
// last word as a prefix when res is empty and that one is not; an error
// asking again keeps res.
func (x *Index) retryAsPrefix(ctx context.Context, q string, limit int, res Results) Results {
	if res.Total > 0 || len(res.Hits) > 0 {
		return res
	}
	wider, ok := prefixQuery(q)
	if !ok {
		return res
	}
	more, err := x.search(ctx, wider, limit)
	if err != nil || more.Total == 0 && len(more.Hits) == 0 {
		return res
	}
	more.AsPrefix = wider
	return more
}

// prefixQuery is q with its last word as a prefix, when that word is a
// bare word outside a phrase and no operator.
func prefixQuery(q string) (string, bool) {
	words := strings.Fields(q)
	if len(words) == 0 || strings.Count(q, `"`)%2 == 1 {
		return "", false
	}
	last := words[len(words)-1]
	if last == "OR" || strings.IndexFunc(last, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) >= 0 {
		return "", false
	}
	return strings.TrimSpace(q) + "*", true
}
