package knowledge

import (
	"context"
	"regexp"
	"slices"
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
		} else if q.lookupPaths != nil {
			if paths, ok := q.lookupPaths(v); ok {
				return pathTermsQuery(paths)
			}
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

// maxPathTerms bounds the paths a path: filter names one by one; a filter
// matching more is left to the index's wildcard search.
const maxPathTerms = 1024

// pathTermsQuery matches the files whose lowercased paths are listed:
// looked up directly, where a *substring* wildcard walks the whole path
// dictionary of every segment.
func pathTermsQuery(paths []string) query.Query {
	if len(paths) == 0 {
		return query.NewMatchNoneQuery()
	}
	qs := make([]query.Query, len(paths))
	for i, p := range paths {
		qs[i] = keywordQuery(p, fieldPathKW)
	}
	return query.NewDisjunctionQuery(qs)
}

// pathsContaining lists the distinct lowercased paths of indexed files
// that contain sub; false when there are more than maxPathTerms.
func (x *Index) pathsContaining(sub string) ([]string, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	var out []string
	for _, low := range x.lowPaths.list {
		if !strings.Contains(low, sub) {
			continue
		}
		if len(out) == maxPathTerms {
			return nil, false
		}
		out = append(out, low)
	}
	slices.Sort(out) // the same query for the same files
	return out, true
}

// countLowPath adds delta files to id's lowercased path; called with mu
// held wherever files changes, so that path: queries never lowercase
// every path (that was half of such a query's time, and rebuilding a
// cache after each change cost a 100,000-file tree 40 ms).
func (x *Index) countLowPath(id string, delta int) {
	_, rel := x.locate(id)
	x.lowPaths.add(strings.ToLower(rel), delta)
}

// pathSet is a counted set of strings kept as a list, which a query
// walks faster than a map's keys; removal swaps the last one in.
type pathSet struct {
	list []string
	at   map[string]pathSlot
}

type pathSlot struct{ index, count int }

func (s *pathSet) add(p string, delta int) {
	if s.at == nil {
		s.at = map[string]pathSlot{}
	}
	slot, ok := s.at[p]
	if !ok {
		if delta <= 0 {
			return
		}
		slot.index = len(s.list)
		s.list = append(s.list, p)
	}
	if slot.count += delta; slot.count > 0 {
		s.at[p] = slot
		return
	}
	last := len(s.list) - 1
	moved := s.list[last]
	s.list[slot.index] = moved
	s.list = s.list[:last]
	if moved != p {
		m := s.at[moved]
		m.index = slot.index
		s.at[moved] = m
	}
	delete(s.at, p)
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

// pathTermIndexed reports whether some document's path field holds term
// (a dictionary lookup per segment); an error counts as yes, which only
// costs speed.
func (x *Index) pathTermIndexed(term string) bool {
	adv, err := x.idx.Advanced()
	if err != nil {
		return true
	}
	r, err := adv.Reader()
	if err != nil {
		return true
	}
	defer r.Close()
	tfr, err := r.TermFieldReader(context.Background(), []byte(term), fieldPath, false, false, false)
	if err != nil {
		return true
	}
	defer tfr.Close()
	return tfr.Count() > 0
}
