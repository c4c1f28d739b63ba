package knowledge

import "context"

// A dictionary is what planning a query asks of the index it will run
// on: which terms it holds, so that a clause no document can match is
// left out and an open word becomes the terms it begins. A query with
// none (while the first build runs) asks nothing and keeps every clause.
type dictionary interface {
	// pathsContaining names the indexed files whose paths hold sub, by
	// folder where it can (false: too many to name).
	pathsContaining(sub string) (pathTerms, bool)
	// pathTermIndexed reports whether any indexed path holds a path
	// term (false lets a word skip the path half of its query).
	pathTermIndexed(term string) bool
	// known reports whether the index holds a term (open: or one
	// starting with it), in a file's content or path (see
	// lookForUnknownAsText).
	known(term string, open bool) bool
	// defined reports whether some file defines a term (see defs.go).
	defined(term string) bool
	// contentTermsWithPrefix lists the content terms starting with
	// prefix (false: more than max).
	contentTermsWithPrefix(prefix string, max int) ([]string, bool)
}

// indexDict is the index as one search's plan asks it: under that
// search's context, with what it learnt of definitions kept, since a
// query asks again for its hits' lines.
type indexDict struct {
	x        *Index
	ctx      context.Context
	definers map[string]bool
}

var _ dictionary = (*indexDict)(nil)

func (d *indexDict) pathsContaining(sub string) (pathTerms, bool) { return d.x.pathsContaining(sub) }

func (d *indexDict) pathTermIndexed(term string) bool { return d.x.pathTermIndexed(d.ctx, term) }

func (d *indexDict) known(term string, open bool) bool { return d.x.termIndexed(d.ctx, term, open) }

func (d *indexDict) contentTermsWithPrefix(prefix string, max int) ([]string, bool) {
	return d.x.contentTermsWithPrefix(prefix, max)
}

func (d *indexDict) defined(term string) bool {
	def, ok := d.definers[term]
	if !ok {
		def = d.x.termDefined(d.ctx, term)
		if d.definers == nil {
			d.definers = map[string]bool{}
		}
		d.definers[term] = def
	}
	return def
}
