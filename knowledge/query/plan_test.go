package query

import (
	"reflect"
	"slices"
	"testing"
)

// prefixDict is a dictionary that knows only the content terms a prefix
// begins; asked anything else, it answers as a query with no dictionary
// would assume: every path, term and definition may be there.
type prefixDict func(prefix string, max int) ([]string, bool)

func (p prefixDict) PathsContaining(string) (PathTerms, bool) { return PathTerms{}, false }
func (p prefixDict) PathTermIndexed(string) bool              { return true }
func (p prefixDict) Known(string, bool) bool                  { return true }
func (p prefixDict) Defined(string) bool                      { return true }
func (p prefixDict) ContentTermsWithPrefix(prefix string, max int) ([]string, bool) {
	return p(prefix, max)
}

// A last word that may go on is asked for as the code words it begins,
// when they are few, else as its grams (and as nothing when it has
// none): each a necessary condition of the text.
func TestOpenWordAsksForTermsOrGrams(t *testing.T) {
	d := prefixDict(func(prefix string, max int) ([]string, bool) {
		if prefix == "few" {
			return []string{"few", "fewer"}, true
		}
		return nil, false
	})
	if few := openWord(d, "few", nil); few.AsPrefix || few.ByGrams || !slices.Equal(few.Terms, []string{"few", "fewer"}) {
		t.Errorf("few: %+v", few)
	}
	if many := openWord(d, "many", nil); !many.ByGrams || many.Grams == nil || !reflect.DeepEqual(many.Grams.All, []string{"man", "any"}) {
		t.Errorf("many: %+v", many)
	}
	own := &Grams{All: []string{"x y"}}
	if many := openWord(d, "many", own); !many.ByGrams || len(many.Grams.Sub) != 1 || many.Grams.Sub[0] != own {
		t.Errorf("many with the term's grams: %+v", many)
	}
	if short := openWord(d, "ab", nil); !short.ByGrams || short.Grams != nil {
		t.Errorf("ab: %+v", short)
	}
	if none := openWord(nil, "ab", nil); !none.AsPrefix {
		t.Errorf("no dictionary: %+v, want the index's prefix query", none)
	}
}

// dict is a dictionary holding a fixed set of terms: paths, content and
// definitions.
type dict struct {
	paths, content, defined map[string]bool
	named                   map[string]PathTerms
}

func (d dict) PathsContaining(sub string) (PathTerms, bool) { t, ok := d.named[sub]; return t, ok }
func (d dict) PathTermIndexed(term string) bool             { return d.paths[term] }
func (d dict) Known(term string, _ bool) bool               { return d.content[term] || d.paths[term] }
func (d dict) Defined(term string) bool                     { return d.defined[term] }
func (d dict) ContentTermsWithPrefix(prefix string, max int) ([]string, bool) {
	var out []string
	for t := range d.content {
		if len(t) >= len(prefix) && t[:len(prefix)] == prefix {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out, len(out) <= max
}

// Plan leaves out the clauses no document can match, and with no
// dictionary keeps every one.
func TestPlanAsksOnlyWhatTheIndexHolds(t *testing.T) {
	d := dict{
		paths:   map[string]bool{"server": true},
		content: map[string]bool{"server": true, "parse": true, "from": true, "users": true, "user": true},
		defined: map[string]bool{"parse": true},
		named:   map[string]PathTerms{"cmd": {Folders: []string{"cmd/"}}},
	}
	alts, err := Parse(`server parse "FROM user" path:cmd -path:*_test.go`)
	if err != nil {
		t.Fatal(err)
	}
	q := alts[0]
	q.Plan(d)
	server, parse, phrase := q.Terms[0], q.Terms[1], q.Terms[2]
	if !server.InPaths || server.Defined != "" {
		t.Errorf("server: InPaths %v, Defined %q; want in paths, defined nowhere", server.InPaths, server.Defined)
	}
	if parse.InPaths || parse.Defined != "parse" {
		t.Errorf("parse: InPaths %v, Defined %q; want in no path, defined", parse.InPaths, parse.Defined)
	}
	if !slices.Equal(phrase.Open.Terms, []string{"user", "users"}) {
		t.Errorf(`"FROM user": open word %+v, want the terms user and users`, phrase.Open)
	}
	if got := q.NamedPaths; !reflect.DeepEqual(got, map[string]PathTerms{"cmd": {Folders: []string{"cmd/"}}}) {
		t.Errorf("named paths %v: want cmd's folder, and no glob named", got)
	}
	q.Plan(nil)
	if !q.Terms[1].InPaths || q.Terms[1].Defined != "parse" || q.Terms[0].Defined != "server" || !q.Terms[2].Open.AsPrefix || q.NamedPaths != nil {
		t.Errorf("planned with no dictionary: %+v, %+v, %+v, %v; want every clause kept", q.Terms[0], q.Terms[1], q.Terms[2].Open, q.NamedPaths)
	}
}
