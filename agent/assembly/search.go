package assembly

import (
	"context"

	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/knowledge"
)

// IndexSearcher lets the agent's search tool query the knowledge index
// without either package knowing the other.
type IndexSearcher struct{ Index *knowledge.Index }

var _ tools.Searcher = IndexSearcher{}

// Search returns the index's hits that keep accepts, those of knowledge
// folders with their label; a query that finds none is retried with its
// last word as a prefix (knowledge.RetryAsPrefix), then, for a sentence,
// as any of its words (knowledge.AnyWord), and wider names the one that
// answered; a question is ranked by its meaningful words at once
// (knowledge.Questions), each hit saying which it matched.
func (s IndexSearcher) Search(ctx context.Context, query string, limit int, keep func(source, path string) bool) (_ []tools.Hit, wider string, _ error) {
	res, err := s.Index.Search(ctx, query, limit, knowledge.RetryAsPrefix, knowledge.AnyWord, knowledge.Questions, knowledge.KeepOnly(keep))
	if err != nil {
		return nil, "", err
	}
	hits := make([]tools.Hit, 0, len(res.Hits))
	for _, h := range res.Hits {
		hit := tools.Hit{Path: h.Path, Source: h.Source, Line: h.Line, Snippet: h.Snippet, Score: h.Score, Defines: h.Defines}
		if len(h.Matched) > 0 {
			hit.Matched = knowledge.Why(h.Matched)
		}
		hits = append(hits, hit)
	}
	if res.AnyWord != "" {
		return hits, res.AnyWord, nil
	}
	return hits, res.AsPrefix, nil
}
