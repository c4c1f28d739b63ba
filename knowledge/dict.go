package knowledge

import (
	"context"
	"errors"
	"fmt"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	index "github.com/blevesearch/bleve_index_api"
	"github.com/hearth-agent/hearth/knowledge/query"
)

// What the index's term dictionaries hold, asked while a query is built.

// reader is a reader of the index's current state; the caller closes it.
func (x *Index) reader() (index.IndexReader, error) {
	adv, err := x.idx.Advanced()
	if err != nil {
		return nil, err
	}
	return adv.Reader()
}

// snapshot is the index's current scorch snapshot, held until r closes.
func (x *Index) snapshot() (r index.IndexReader, snap *scorch.IndexSnapshot, err error) {
	if r, err = x.reader(); err != nil {
		return nil, nil, err
	}
	snap, ok := r.(*scorch.IndexSnapshot)
	switch {
	case !ok:
		r.Close()
		return nil, nil, errNotScorch
	case snap == nil: // a closed index has no snapshot
		return nil, nil, fmt.Errorf("knowledge: search: %w", bleve.ErrorIndexClosed)
	}
	return r, snap, nil
}

// errNotScorch: the index is not a scorch snapshot, so the query goes to
// bleve's own searcher.
var errNotScorch = errors.New("knowledge: index reader is not a scorch snapshot")

// pathTermIndexed reports whether some document's path field holds term
// (a dictionary lookup per segment); an error counts as yes, which only
// costs speed.
func (x *Index) pathTermIndexed(ctx context.Context, term string) bool {
	return x.anyHolds(ctx, term, false, fieldPath)
}

// termIndexed reports whether some document's content or path holds
// term, or with open a term starting with it; an error counts as yes,
// which keeps the query as it was.
func (x *Index) termIndexed(ctx context.Context, term string, open bool) bool {
	return x.anyHolds(ctx, term, open, fieldContent, fieldPath)
}

// anyHolds reports whether one of fields holds term (open: or a term
// starting with it) in some document; an error counts as yes.
func (x *Index) anyHolds(ctx context.Context, term string, open bool, fields ...string) bool {
	r, err := x.reader()
	if err != nil {
		return true
	}
	defer r.Close()
	for _, field := range fields {
		if open {
			terms, ok := termsWithPrefix(r, field, term, 1)
			if !ok || len(terms) > 0 { // !ok: more than one, or unreadable
				return true
			}
			continue
		}
		tfr, err := r.TermFieldReader(ctx, []byte(term), field, false, false, false)
		if err != nil {
			return true
		}
		n := tfr.Count()
		tfr.Close()
		if n > 0 {
			return true
		}
	}
	return false
}

// contentTermsWithPrefix lists the content terms starting with prefix,
// or reports false when there are more than max (or the dictionary
// cannot be read: the caller then asks for less, which only costs speed).
func (x *Index) contentTermsWithPrefix(prefix string, max int) ([]string, bool) {
	r, err := x.reader()
	if err != nil {
		return nil, false
	}
	defer r.Close()
	return termsWithPrefix(r, fieldContent, prefix, max)
}

func termsWithPrefix(r index.IndexReader, field, prefix string, max int) ([]string, bool) {
	dict, err := r.FieldDictPrefix(field, []byte(prefix))
	if err != nil {
		return nil, false
	}
	defer dict.Close()
	var terms []string
	for {
		e, err := dict.Next()
		switch {
		case err != nil:
			return nil, false
		case e == nil:
			return terms, true
		case len(terms) == max:
			return nil, false
		}
		terms = append(terms, e.Term)
	}
}

// indexDict is the index as one search's plan asks it (query.Dictionary):
// under that search's context, with what it learnt of definitions kept,
// since a query asks again for its hits' lines.
type indexDict struct {
	x        *Index
	ctx      context.Context
	definers map[string]bool
}

var _ query.Dictionary = (*indexDict)(nil)

func (d *indexDict) PathsContaining(sub string) (query.PathTerms, bool) {
	return d.x.pathsContaining(sub)
}

func (d *indexDict) PathTermIndexed(term string) bool { return d.x.pathTermIndexed(d.ctx, term) }

func (d *indexDict) Known(term string, open bool) bool { return d.x.termIndexed(d.ctx, term, open) }

func (d *indexDict) ContentTermsWithPrefix(prefix string, max int) ([]string, bool) {
	return d.x.contentTermsWithPrefix(prefix, max)
}

func (d *indexDict) Defined(term string) bool {
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
