package knowledge

import (
	"regexp"
	"strings"

	"github.com/blevesearch/bleve/v2/search/query"
)

// filterQuery ANDs the filter kinds; values of one kind are ORed.
func (q *parsedQuery) filterQuery() query.Query {
	var must []query.Query
	anyOf := func(vals []string, mk func(string) query.Query) {
		if len(vals) == 0 {
			return
		}
		var qs []query.Query
		for _, v := range vals {
			qs = append(qs, mk(v))
		}
		must = append(must, query.NewDisjunctionQuery(qs))
	}
	anyOf(q.paths, func(v string) query.Query {
		pat := "*" + v + "*"
		if strings.ContainsAny(v, "*?") {
			pat = v
		}
		w := query.NewWildcardQuery(pat)
		w.SetField(fieldPathKW)
		return w
	})
	anyOf(q.exts, func(v string) query.Query { return keywordQuery(v, fieldExt) })
	anyOf(q.langs, func(v string) query.Query { return keywordQuery(v, fieldLang) })
	if len(must) == 0 {
		return nil
	}
	return query.NewConjunctionQuery(must)
}

func keywordQuery(v, field string) query.Query {
	t := query.NewTermQuery(v)
	t.SetField(field)
	return t
}

// keepPath applies the filters to a path, for the streaming scan.
func (q *parsedQuery) keepPath(rel string) bool {
	low := strings.ToLower(rel)
	ok := len(q.paths) == 0
	for _, p := range q.paths {
		if strings.ContainsAny(p, "*?") {
			if wildcardMatch(p, low) {
				ok = true
			}
		} else if strings.Contains(low, p) {
			ok = true
		}
	}
	if !ok {
		return false
	}
	ext := extOf(rel)
	if len(q.exts) > 0 && !contains(q.exts, ext) {
		return false
	}
	if len(q.langs) > 0 && !contains(q.langs, langOf(ext, rel[strings.LastIndex(rel, "/")+1:])) {
		return false
	}
	return true
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// wildcardMatch matches bleve's wildcard semantics (* any run, ? one
// character), used where the index is bypassed.
func wildcardMatch(pattern, s string) bool {
	var b strings.Builder
	b.WriteString("^")
	for _, r := range pattern {
		switch r {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	return err == nil && re.MatchString(s)
}
