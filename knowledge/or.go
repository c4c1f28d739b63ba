package knowledge

import (
	"fmt"
	"slices"
	"strings"
)

// OR joins alternatives, as GitHub's code search reads it: words side by
// side bind tighter than OR, so "a b OR c" finds the files holding a and
// b, or holding c, and parentheses group: "(a OR b) ext:go". Only the
// upper-case word is the operator ("or" is a word code is full of), and
// parentheses group only in a query with an OR, so "f(x)" and every
// query without OR read as they always did. What is still being typed
// constrains nothing, as a bare filter does not: "a OR" is "a", and
// "(a OR b" is closed at the end.
const orOperator = "OR"

// maxAlternatives bounds what parentheses multiply out to: each
// alternative is a search of its own.
const maxAlternatives = 16

// splitOr returns the alternatives of a query holding OR, each a query
// without OR, or nil when the query has none.
func splitOr(q string) ([]string, error) {
	fields := splitQuery(q)
	if !slices.ContainsFunc(fields, isOr) {
		return nil, nil
	}
	p := orParser{tokens: groupTokens(fields)}
	alts, err := p.alternatives(0)
	if err == nil && p.pos < len(p.tokens) {
		err = fmt.Errorf("%w: a ')' closes no '('", ErrBadQuery)
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, alt := range alts {
		if len(alt) > 0 {
			out = append(out, joinFields(alt))
		}
	}
	if len(out) == 0 {
		return nil, nil // OR alone is the word
	}
	return out, nil
}

func isOr(f field) bool { return !f.quoted && f.text == orOperator }

// groupToken is a field, or a parenthesis opening or closing a group.
type groupToken struct {
	f           field
	open, close bool
}

// groupTokens splits the parentheses off the fields: those leading a
// field open groups, and trailing ones close them, but only those the
// field's own text does not pair ("f(x)" is text).
func groupTokens(fields []field) []groupToken {
	var out []groupToken
	for _, f := range fields {
		if f.quoted || f.text[0] == '/' {
			out = append(out, groupToken{f: f})
			continue
		}
		text := f.text
		for strings.HasPrefix(text, "(") {
			out = append(out, groupToken{open: true})
			text = text[1:]
		}
		closes := 0
		for strings.HasSuffix(text, ")") && strings.Count(text, ")") > strings.Count(text, "(") {
			text = text[:len(text)-1]
			closes++
		}
		if text != "" {
			out = append(out, groupToken{f: field{text: text}})
		}
		for ; closes > 0; closes-- {
			out = append(out, groupToken{close: true})
		}
	}
	return out
}

// orParser reads tokens as alternatives of conjunctions, multiplying
// groups out: "(a OR b) c" is "a c" OR "b c".
type orParser struct {
	tokens []groupToken
	pos    int
}

func (p *orParser) alternatives(depth int) ([][]field, error) {
	alts := [][]field{}
	for {
		conj, err := p.conjunction(depth)
		if err != nil {
			return nil, err
		}
		alts = append(alts, conj...)
		if len(alts) > maxAlternatives {
			return nil, fmt.Errorf("%w: more than %d alternatives", ErrBadQuery, maxAlternatives)
		}
		if p.pos == len(p.tokens) || p.tokens[p.pos].close {
			return alts, nil
		}
		p.pos++ // an OR
	}
}

// conjunction reads up to the next OR or closing parenthesis at this
// depth; a group in it yields one alternative per alternative of the
// group.
func (p *orParser) conjunction(depth int) ([][]field, error) {
	alts := [][]field{{}}
	for p.pos < len(p.tokens) {
		t := p.tokens[p.pos]
		switch {
		case t.close:
			if depth == 0 {
				return nil, fmt.Errorf("%w: a ')' closes no '('", ErrBadQuery)
			}
			return alts, nil
		case !t.open && isOr(t.f):
			return alts, nil
		case t.open:
			p.pos++
			group, err := p.alternatives(depth + 1)
			if err != nil {
				return nil, err
			}
			if p.pos < len(p.tokens) {
				p.pos++ // its ')'; a group still being typed closes at the end
			}
			if alts = product(alts, group); len(alts) > maxAlternatives {
				return nil, fmt.Errorf("%w: more than %d alternatives", ErrBadQuery, maxAlternatives)
			}
		default:
			p.pos++
			for i := range alts {
				alts[i] = append(slices.Clip(alts[i]), t.f)
			}
		}
	}
	return alts, nil
}

// product is every alternative of a followed by every one of b; an
// empty group ("()", or one left by an OR being typed) changes nothing.
func product(a, b [][]field) [][]field {
	b = slices.DeleteFunc(b, func(alt []field) bool { return len(alt) == 0 })
	if len(b) == 0 {
		return a
	}
	out := make([][]field, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, append(slices.Clip(x), y...))
		}
	}
	return out
}

// joinFields writes fields back as query text that splitQuery reads the
// same way.
func joinFields(fields []field) string {
	parts := make([]string, len(fields))
	for i, f := range fields {
		parts[i] = f.text
		if f.quoted {
			parts[i] = `"` + f.text + `"`
		}
	}
	return strings.Join(parts, " ")
}

// joinAlternatives merges the results of a query's alternatives: a file
// found by several is one hit scoring their sum, as a disjunction in the
// index scores, with the lines of each.
func joinAlternatives(each []Results, limit int) Results {
	var res Results
	at := map[[2]string]int{}
	overlap, sum, most := 0, 0, 0
	for _, r := range each {
		res.Scanned = res.Scanned || r.Scanned
		res.Approx = res.Approx || r.Approx || r.Total > len(r.Hits)
		sum, most = sum+r.Total, max(most, r.Total)
		for _, h := range r.Hits {
			key := [2]string{h.Source, h.Path}
			if i, ok := at[key]; ok {
				res.Hits[i] = joinHits(res.Hits[i], h)
				overlap++
				continue
			}
			at[key] = len(res.Hits)
			res.Hits = append(res.Hits, h)
		}
	}
	sortHits(res.Hits)
	res.Total = len(res.Hits)
	if res.Approx {
		// The files found by several alternatives are known only among
		// the hits seen.
		res.Total = max(res.Total, most, sum-overlap)
	}
	res.Hits = res.Hits[:min(len(res.Hits), limit)]
	return res
}

// joinHits is one file's hit from two alternatives: the better one's
// snippet (with the other's highlights when it shows the same line).
func joinHits(a, b Hit) Hit {
	if b.Score > a.Score {
		a, b = b, a
	}
	out := a
	out.Score = a.Score + b.Score
	out.Lines = slices.Compact(slices.Sorted(slices.Values(append(slices.Clip(a.Lines), b.Lines...))))
	out.Lines = out.Lines[:min(len(out.Lines), maxLines)]
	if a.Line == b.Line && a.Snippet == b.Snippet && len(b.Highlights) > 0 {
		out.Highlights = joinRanges(a.Highlights, b.Highlights)
	}
	return out
}

// joinRanges is the union of two sets of byte ranges, sorted, with
// overlapping ones merged.
func joinRanges(a, b [][2]int) [][2]int {
	all := slices.SortedFunc(slices.Values(append(slices.Clip(a), b...)), func(x, y [2]int) int { return x[0] - y[0] })
	out := all[:0]
	for _, r := range all {
		if n := len(out); n > 0 && r[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], r[1])
			continue
		}
		out = append(out, r)
	}
	return out
}
