package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/hearth-agent/hearth/agent/confine"
	"github.com/hearth-agent/hearth/agent/tool"
)

const (
	searchDefaultLimit = 10
	searchMaxLimit     = 50
	searchMaxSnippet   = 400
)

// Hit is one result of the knowledge index.
type Hit struct {
	Path    string  // relative to the workspace, or to its knowledge folder
	Source  string  // the knowledge folder's label; "" for the workspace
	Line    int     // 1-based, 0 when unknown
	Snippet string  // the matching text
	Score   float64 // higher is better
	Defines bool    // the file defines a searched name, at Line
	// Matched, for a question ranked by its words, says which the file
	// matched: "ask, command (definition: CheckCommand)".
	Matched string
}

// Searcher is the knowledge index as the search tool uses it. It returns
// up to limit hits that keep accepts (source "" is the workspace), asking
// for more when it left some out. A query that finds no such hit while
// its last word is a bare word is answered with that word as a prefix
// (wider then ends in "*"); a sentence that finds nothing either, with its
// words joined by OR. wider is then the query that answered.
type Searcher interface {
	Search(ctx context.Context, query string, limit int, keep func(source, path string) bool) (hits []Hit, wider string, err error)
}

// SearchParams are search's arguments.
type SearchParams struct {
	Query string `json:"query"`
	Limit int    `json:"limit,omitempty"`
}

// Search queries the workspace's knowledge index.
type Search struct {
	index Searcher
	s     *session
}

var _ tool.Tool = (*Search)(nil)

const searchDescription = `Ranked search of the workspace index: files containing every keyword (not a question), e.g. "retry backoff", with a line each; definitions first. Also "phrases", prefix*, OR, path:dir/ ext:go, def:Name. grep finds exact text.`

const searchSchema = `{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer"}},"required":["query"]}`

// Definition implements tool.Tool.
func (t *Search) Definition() tool.Definition {
	return definition("search", searchDescription, searchSchema)
}

// Run implements tool.Tool.
func (t *Search) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var p SearchParams
	if err := decode("search", args, &p); err != nil {
		return "", err
	}
	if strings.TrimSpace(p.Query) == "" {
		return "", fmt.Errorf("search: query is required")
	}
	if p.Limit < 0 || p.Limit > searchMaxLimit {
		return "", fmt.Errorf("search: limit must be between 1 and %d", searchMaxLimit)
	}
	if p.Limit == 0 {
		p.Limit = searchDefaultLimit
	}
	hits, asPrefix, err := t.readableHits(ctx, p.Query, p.Limit)
	if err != nil {
		return "", fmt.Errorf("search: %w", err)
	}
	var b strings.Builder
	switch {
	case asPrefix == "" || len(hits) == 0:
	case strings.HasSuffix(asPrefix, "*"):
		fmt.Fprintf(&b, "No results for %q; words starting with it (%s):\n", p.Query, asPrefix)
	default:
		fmt.Fprintf(&b, "No file has all of %q; files with any of its words (%s):\n", p.Query, asPrefix)
	}
	for _, h := range hits {
		loc := h.Path
		if h.Source != "" {
			// Labelled, so the model does not try to open it as a path.
			loc = h.Source + ":" + h.Path
		}
		if h.Line > 0 {
			loc = fmt.Sprintf("%s:%d", loc, h.Line)
		}
		if h.Defines {
			loc += " (definition)"
		}
		snippet := strings.TrimSpace(h.Snippet)
		if len(snippet) > searchMaxSnippet {
			snippet = cutUTF8(snippet, searchMaxSnippet) + " […]"
		}
		fmt.Fprintf(&b, "%s\n", loc)
		if h.Matched != "" {
			fmt.Fprintf(&b, "    matched: %s\n", h.Matched)
		}
		if snippet != "" {
			fmt.Fprintf(&b, "    %s\n", strings.ReplaceAll(snippet, "\n", "\n    "))
		}
	}
	if b.Len() == 0 {
		return fmt.Sprintf("No results for %q.", p.Query), nil
	}
	return strings.TrimRight(b.String(), "\n"), nil
}

// readableHits asks the index for limit hits the agent may read. The
// index applies the rule before it decides the query found nothing, so
// a query whose hits are all unreadable is still asked as a prefix; the
// hits are checked again here, the rule being the tool's to enforce.
func (t *Search) readableHits(ctx context.Context, query string, limit int) ([]Hit, string, error) {
	keep := func(source, path string) bool { return source != "" || !t.s.unreadable(path) }
	hits, asPrefix, err := t.index.Search(ctx, query, limit, keep)
	if err != nil {
		return nil, "", err
	}
	kept := t.readable(hits[:min(len(hits), limit)], limit)
	if len(kept) == 0 {
		asPrefix = ""
	}
	return kept, asPrefix, nil
}

// readable returns the first limit of hits the agent may read.
func (t *Search) readable(hits []Hit, limit int) []Hit {
	kept := make([]Hit, 0, limit)
	for _, h := range hits {
		if len(kept) == limit {
			break
		}
		if h.Source == "" && t.s.unreadable(h.Path) {
			continue
		}
		kept = append(kept, h)
	}
	return kept
}

// unreadable: the agent may not read rel, because a rule denies it or a
// symlink on its path leads out of the workspace (the index follows such
// links: the person's own search shows what they link to). Search leaves
// such hits out, as grep and list_dir leave the files out.
func (s *session) unreadable(rel string) bool {
	if s.gate.ReadDenied(rel) {
		return true
	}
	_, err := s.root.Stat(rel)
	return errors.Is(err, confine.ErrOutside)
}
