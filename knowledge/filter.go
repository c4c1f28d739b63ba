package knowledge

import (
	"slices"
	"strings"

	bleveq "github.com/blevesearch/bleve/v2/search/query"

	"github.com/hearth-agent/hearth/knowledge/query"
)

// filterQuery ANDs the filter kinds; values of one kind are ORed.
func (q *parsedQuery) filterQuery() bleveq.Query {
	var must []bleveq.Query
	for _, kind := range []struct {
		vals []string
		mk   func(string) bleveq.Query
	}{{q.Paths, q.pathQuery}, {q.Exts, extQuery}, {q.Langs, langQuery}} {
		if len(kind.vals) > 0 {
			must = append(must, bleveq.NewDisjunctionQuery(mapQueries(kind.vals, kind.mk)))
		}
	}
	if len(must) == 0 {
		return nil
	}
	return bleveq.NewConjunctionQuery(must)
}

// excludeQuery matches the files any negated filter (-path:, -ext:,
// -lang:) names; nil when there is none.
func (q *parsedQuery) excludeQuery() bleveq.Query {
	named := mapQueries(q.NotPaths, q.pathQuery)
	named = append(named, mapQueries(q.NotExts, extQuery)...)
	named = append(named, mapQueries(q.NotLangs, langQuery)...)
	if len(named) == 0 {
		return nil
	}
	return bleveq.NewDisjunctionQuery(named)
}

func mapQueries(vals []string, mk func(string) bleveq.Query) []bleveq.Query {
	var qs []bleveq.Query
	for _, v := range vals {
		qs = append(qs, mk(v))
	}
	return qs
}

// pathQuery matches the files whose lowercased path holds v, or matches
// the glob v: the files Plan named, else a pattern of the path.
func (q *parsedQuery) pathQuery(v string) bleveq.Query {
	if named, ok := q.NamedPaths[v]; ok {
		return namedPathsQuery(named)
	}
	pat := "*" + v + "*"
	if strings.ContainsAny(v, "*?") {
		pat = v
	}
	w := bleveq.NewWildcardQuery(pat)
	w.SetField(fieldPathKW)
	return w
}

func extQuery(v string) bleveq.Query  { return keywordQuery(v, fieldExt) }
func langQuery(v string) bleveq.Query { return keywordQuery(v, fieldLang) }

// maxPathTerms bounds the folders and paths a path: filter names one by
// one; a filter needing more is left to the index's wildcard search.
const maxPathTerms = 1024

// namedPathsQuery matches the named files by looking each term up, where
// a *substring* wildcard walks the whole path dictionary of every
// segment; naming folders keeps that to a few terms, not one per file
// below them.
func namedPathsQuery(t query.PathTerms) bleveq.Query {
	var qs []bleveq.Query
	for _, f := range t.Folders {
		qs = append(qs, keywordQuery(f, fieldFolder))
	}
	for _, p := range t.Paths {
		qs = append(qs, keywordQuery(p, fieldPathKW))
	}
	if len(qs) == 0 {
		return bleveq.NewMatchNoneQuery()
	}
	return bleveq.NewDisjunctionQuery(qs)
}

// pathsContaining names the indexed files whose lowercased paths contain
// sub: by the shortest folder of a path that contains sub (then so does
// every path under it), else by the path itself. False when that takes
// more than maxPathTerms terms.
func (x *Index) pathsContaining(sub string) (query.PathTerms, bool) {
	if sub == "" {
		return query.PathTerms{}, false
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if m := x.lastPaths; m.valid && m.sub == sub {
		return m.terms, m.ok
	}
	t, ok := x.namePaths(sub)
	x.lastPaths = pathMemo{valid: true, sub: sub, terms: t, ok: ok}
	return t, ok
}

// pathMemo keeps the last path: filter's terms until the file list
// changes: typing in the search panel repeats the filter per keystroke.
type pathMemo struct {
	valid bool
	sub   string
	terms query.PathTerms
	ok    bool
}

func (x *Index) namePaths(sub string) (query.PathTerms, bool) {
	var t query.PathTerms
	seen := map[string]bool{}
	for _, low := range x.lowPaths.list {
		at := strings.Index(low, sub)
		if at < 0 {
			continue
		}
		name, list := low, &t.Paths
		if slash := strings.IndexByte(low[at+len(sub)-1:], '/'); slash >= 0 {
			name, list = low[:at+len(sub)+slash], &t.Folders
		}
		if seen[name] {
			continue
		}
		if len(seen) == maxPathTerms {
			return query.PathTerms{}, false
		}
		seen[name] = true
		*list = append(*list, name)
	}
	slices.Sort(t.Folders) // the same query for the same files
	slices.Sort(t.Paths)
	return t, true
}

// countLowPath adds delta files to id's lowercased path; called with mu
// held wherever files changes, so that path: queries never lowercase
// every path, and no cache of them is rebuilt after each change.
func (x *Index) countLowPath(id string, delta int) {
	_, rel := x.locate(id)
	x.lowPaths.add(strings.ToLower(rel), delta)
	x.lastPaths.valid = false
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

func keywordQuery(v, field string) bleveq.Query {
	t := bleveq.NewTermQuery(v)
	t.SetField(field)
	return t
}

// keepPath applies the filters to a path, for the streaming scan.
func (q *parsedQuery) keepPath(rel string) bool {
	low := strings.ToLower(rel)
	ext := extOf(rel)
	lang := "" // named only for a lang: filter: every path of a scan comes here
	if len(q.Langs)+len(q.NotLangs) > 0 {
		lang = langOf(ext, rel[strings.LastIndex(rel, "/")+1:])
	}
	pathIn := func(paths []string) bool {
		return slices.ContainsFunc(paths, func(p string) bool { return q.PathMatch(p, low) })
	}
	switch {
	case len(q.Paths) > 0 && !pathIn(q.Paths),
		len(q.Exts) > 0 && !slices.Contains(q.Exts, ext),
		len(q.Langs) > 0 && !slices.Contains(q.Langs, lang):
		return false
	}
	return !pathIn(q.NotPaths) && !slices.Contains(q.NotExts, ext) && !slices.Contains(q.NotLangs, lang)
}
