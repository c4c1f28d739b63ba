package knowledge

import (
	"context"

	"github.com/hearth-agent/hearth/knowledge/query"
)

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
