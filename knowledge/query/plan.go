package query

import (
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

// A Dictionary is what planning a query asks of the index it will run
// on: which terms it holds, so that a clause no document can match is
// left out and an open word becomes the terms it begins. The knowledge
// index implements it; a query planned with none (while the first build
// runs) asks nothing and keeps every clause.
type Dictionary interface {
	// PathsContaining names the indexed files whose paths hold sub, by
	// folder where it can (false: too many to name).
	PathsContaining(sub string) (PathTerms, bool)
	// PathTermIndexed reports whether any indexed path holds a path
	// term (false lets a word skip the path half of its query).
	PathTermIndexed(term string) bool
	// Known reports whether the index holds a term (open: or one
	// starting with it), in a file's content or path (see
	// LookForUnknownAsText).
	Known(term string, open bool) bool
	// Defined reports whether some file defines a term.
	Defined(term string) bool
	// ContentTermsWithPrefix lists the content terms starting with
	// prefix (false: more than max).
	ContentTermsWithPrefix(prefix string, max int) ([]string, bool)
}

// PathTerms name a set of files: every file under one of the Folders
// ("a/b/") and each of the Paths, all lowercased.
type PathTerms struct {
	Folders, Paths []string
}

// An OpenWord is how the index is asked for the code words a last word
// begins, when a file's word may go on past it ("FROM user" finds users).
type OpenWord struct {
	// AsPrefix: the index's own prefix query (planned with no dictionary).
	AsPrefix bool
	// ByGrams: too many words begin it; it is asked for by its grams,
	// which Grams holds with the term's own, and by no term.
	ByGrams bool
	Grams   *Grams
	// Terms, else: the words it begins, any of them (none: no file
	// matches).
	Terms []string
}

// MaxOpenTerms bounds the code words a last word may begin: more are
// left to its grams, whose few posting lists cost less than a
// disjunction of many frequent terms ("if err").
const MaxOpenTerms = 8

// Plan decides what each term asks of the index d (nil: asks nothing
// and keeps every clause): the files a path filter names, whether a
// bare word is asked of the path and def fields, and the words an open
// last word begins. A clause no document can match is left out: a
// disjunction with an empty clause still costs a merge step per hit, a
// large part of a common word's query. Plan is run again after
// LookForUnknownAsText changes the terms.
func (q *Query) Plan(d Dictionary) {
	q.NamedPaths = nil
	if d != nil {
		for _, p := range slices.Concat(q.Paths, q.NotPaths) {
			if strings.ContainsAny(p, "*?") {
				continue
			}
			if named, ok := d.PathsContaining(p); ok {
				if q.NamedPaths == nil {
					q.NamedPaths = map[string]PathTerms{}
				}
				q.NamedPaths[p] = named
			}
		}
	}
	for i := range q.Terms {
		t := &q.Terms[i]
		t.InPaths, t.Defined, t.Open = false, "", OpenWord{}
		switch {
		case t.Kind == Phrase, t.Kind == Word && !t.DefOnly && (t.InDataOnly || t.Verify):
			if t.Words.OpenEnd {
				t.Open = openWord(d, t.Words.Terms[len(t.Words.Terms)-1], t.Grams)
			}
		case t.Kind == Word:
			if !t.DefOnly {
				t.InPaths = d == nil || anyInPaths(d, t.Text)
			}
			t.Defined = definedTerm(d, t.Text)
		}
	}
}

// anyInPaths: some indexed path holds one of text's whole identifiers
// (the terms a word asks the path field for).
func anyInPaths(d Dictionary, text string) bool {
	return slices.ContainsFunc(analysis.WordsOf(text).Terms, d.PathTermIndexed)
}

// definedTerm is the def-field term for text when it is one code word
// some file defines (or may: with no dictionary); "" otherwise.
func definedTerm(d Dictionary, text string) string {
	terms := analysis.WordsOf(text).Terms
	if len(terms) != 1 || d != nil && !d.Defined(terms[0]) {
		return ""
	}
	return terms[0]
}

// openWord is how the code words starting with prefix are asked for: the
// terms the index holds, or (too many) the prefix's grams added to g, or
// the index's prefix query with no dictionary.
func openWord(d Dictionary, prefix string, g *Grams) OpenWord {
	if d == nil {
		return OpenWord{AsPrefix: true}
	}
	terms, ok := d.ContentTermsWithPrefix(prefix, MaxOpenTerms)
	if ok {
		return OpenWord{Terms: terms}
	}
	grams := LiteralGrams(prefix)
	switch {
	case grams == nil:
		return OpenWord{ByGrams: true, Grams: g}
	case g != nil:
		grams.Sub = []*Grams{g}
	}
	return OpenWord{ByGrams: true, Grams: grams}
}
