package knowledge

import (
	"regexp"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2/search/query"
)

// filterQuery ANDs the filter kinds; values of one kind are ORed.
func (q *parsedQuery) filterQuery() query.Query {
	var must []query.Query
	for _, kind := range []struct {
		vals []string
		mk   func(string) query.Query
	}{{q.paths, q.pathQuery}, {q.exts, extQuery}, {q.langs, langQuery}} {
		if len(kind.vals) > 0 {
			must = append(must, query.NewDisjunctionQuery(mapQueries(kind.vals, kind.mk)))
		}
	}
	if len(must) == 0 {
		return nil
	}
	return query.NewConjunctionQuery(must)
}

// excludeQuery matches the files any negated filter (-path:, -ext:,
// -lang:) names; nil when there is none.
func (q *parsedQuery) excludeQuery() query.Query {
	named := mapQueries(q.notPaths, q.pathQuery)
	named = append(named, mapQueries(q.notExts, extQuery)...)
	named = append(named, mapQueries(q.notLangs, langQuery)...)
	if len(named) == 0 {
		return nil
	}
	return query.NewDisjunctionQuery(named)
}

func mapQueries(vals []string, mk func(string) query.Query) []query.Query {
	var qs []query.Query
	for _, v := range vals {
		qs = append(qs, mk(v))
	}
	return qs
}

// pathQuery matches the files whose lowercased path holds v, or matches
// the glob v.
func (q *parsedQuery) pathQuery(v string) query.Query {
	pat := "*" + v + "*"
	if strings.ContainsAny(v, "*?") {
		pat = v
	} else if q.dict != nil {
		if named, ok := q.dict.pathsContaining(v); ok {
			return named.query()
		}
	}
	w := query.NewWildcardQuery(pat)
	w.SetField(fieldPathKW)
	return w
}

func extQuery(v string) query.Query  { return keywordQuery(v, fieldExt) }
func langQuery(v string) query.Query { return keywordQuery(v, fieldLang) }

// maxPathTerms bounds the folders and paths a path: filter names one by
// one; a filter needing more is left to the index's wildcard search.
const maxPathTerms = 1024

// pathTerms name a set of files: every file under one of the folders
// ("a/b/") and each of the paths, all lowercased.
type pathTerms struct {
	folders, paths []string
}

// query matches the named files by looking each term up, where a
// *substring* wildcard walks the whole path dictionary of every segment;
// naming folders keeps that to a few terms, not one per file below them.
func (t pathTerms) query() query.Query {
	var qs []query.Query
	for _, f := range t.folders {
		qs = append(qs, keywordQuery(f, fieldFolder))
	}
	for _, p := range t.paths {
		qs = append(qs, keywordQuery(p, fieldPathKW))
	}
	if len(qs) == 0 {
		return query.NewMatchNoneQuery()
	}
	return query.NewDisjunctionQuery(qs)
}

// pathsContaining names the indexed files whose lowercased paths contain
// sub: by the shortest folder of a path that contains sub (then so does
// every path under it), else by the path itself. False when that takes
// more than maxPathTerms terms.
func (x *Index) pathsContaining(sub string) (pathTerms, bool) {
	if sub == "" {
		return pathTerms{}, false
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
	terms pathTerms
	ok    bool
}

func (x *Index) namePaths(sub string) (pathTerms, bool) {
	var t pathTerms
	seen := map[string]bool{}
	for _, low := range x.lowPaths.list {
		at := strings.Index(low, sub)
		if at < 0 {
			continue
		}
		name, list := low, &t.paths
		if slash := strings.IndexByte(low[at+len(sub)-1:], '/'); slash >= 0 {
			name, list = low[:at+len(sub)+slash], &t.folders
		}
		if seen[name] {
			continue
		}
		if len(seen) == maxPathTerms {
			return pathTerms{}, false
		}
		seen[name] = true
		*list = append(*list, name)
	}
	slices.Sort(t.folders) // the same query for the same files
	slices.Sort(t.paths)
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

func keywordQuery(v, field string) query.Query {
	t := query.NewTermQuery(v)
	t.SetField(field)
	return t
}

// keepPath applies the filters to a path, for the streaming scan.
func (q *parsedQuery) keepPath(rel string) bool {
	low := strings.ToLower(rel)
	ext := extOf(rel)
	lang := "" // named only for a lang: filter: every path of a scan comes here
	if len(q.langs)+len(q.notLangs) > 0 {
		lang = langOf(ext, rel[strings.LastIndex(rel, "/")+1:])
	}
	pathIn := func(paths []string) bool {
		return slices.ContainsFunc(paths, func(p string) bool { return q.pathMatch(p, low) })
	}
	switch {
	case len(q.paths) > 0 && !pathIn(q.paths),
		len(q.exts) > 0 && !slices.Contains(q.exts, ext),
		len(q.langs) > 0 && !slices.Contains(q.langs, lang):
		return false
	}
	return !pathIn(q.notPaths) && !slices.Contains(q.notExts, ext) && !slices.Contains(q.notLangs, lang)
}

// pathMatch: the lowercased path low holds p, or matches the glob p.
func (q *parsedQuery) pathMatch(p, low string) bool {
	if re, ok := q.globs[p]; ok {
		return re != nil && re.MatchString(low)
	}
	return strings.Contains(low, p)
}

// compileGlobs compiles each path filter holding * or ? once per query:
// compiled per path, it dominated a scan of a big tree.
func (q *parsedQuery) compileGlobs() {
	for _, p := range slices.Concat(q.paths, q.notPaths) {
		if strings.ContainsAny(p, "*?") {
			if q.globs == nil {
				q.globs = map[string]*regexp.Regexp{}
			}
			q.globs[p] = globRegexp(p)
		}
	}
}

// globRegexp has bleve's wildcard semantics (* any run, ? one character),
// for where the index is bypassed; nil if it cannot compile.
func globRegexp(pattern string) *regexp.Regexp {
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
	re, _ := regexp.Compile(b.String())
	return re
}
