package query

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

// Alternatives returns the alternatives of a query holding OR, each a
// query without OR, or nil when the query has none.
func Alternatives(q string) ([]string, error) {
	fields := Fields(q)
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

func isOr(f Field) bool { return !f.Quoted && f.Text == orOperator }

// groupToken is a field, or a parenthesis opening or closing a group.
type groupToken struct {
	f           Field
	open, close bool
}

// groupTokens splits the parentheses off the fields: those leading a
// field open groups, and trailing ones close them, but only those the
// field's own text does not pair ("f(x)" is text).
func groupTokens(fields []Field) []groupToken {
	var out []groupToken
	for _, f := range fields {
		if f.Quoted || f.Text[0] == '/' {
			out = append(out, groupToken{f: f})
			continue
		}
		text := f.Text
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
			out = append(out, groupToken{f: Field{Text: text}})
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

func (p *orParser) alternatives(depth int) ([][]Field, error) {
	alts := [][]Field{}
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
func (p *orParser) conjunction(depth int) ([][]Field, error) {
	alts := [][]Field{{}}
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
func product(a, b [][]Field) [][]Field {
	b = slices.DeleteFunc(b, func(alt []Field) bool { return len(alt) == 0 })
	if len(b) == 0 {
		return a
	}
	out := make([][]Field, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, append(slices.Clip(x), y...))
		}
	}
	return out
}

// joinFields writes fields back as query text that Fields reads the
// same way.
func joinFields(fields []Field) string {
	parts := make([]string, len(fields))
	for i, f := range fields {
		parts[i] = f.Text
		if f.Quoted {
			parts[i] = `"` + f.Text + `"`
		}
	}
	return strings.Join(parts, " ")
}
