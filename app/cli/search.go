package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/hearth-agent/hearth/agent/oneshot"
	"github.com/hearth-agent/hearth/knowledge"
)

// searchOutput is the --json contract of hearth search.
type searchOutput struct {
	Total  int         `json:"total"`
	TookMS int64       `json:"took_ms"`
	Hits   []searchHit `json:"hits"`
	// AsPrefix is the query that answered when QUERY found nothing: its
	// last word as a prefix (knowledge.RetryAsPrefix).
	AsPrefix string `json:"as_prefix,omitempty"`
	// AnyWord is the query that answered when QUERY, a sentence, found
	// nothing: its words joined by OR (knowledge.AnyWord).
	AnyWord string `json:"any_word,omitempty"`
	// Question names the words that ranked QUERY, read as a question
	// (knowledge.Questions), weightiest first.
	Question string `json:"question,omitempty"`
}

type searchHit struct {
	Path    string  `json:"path"` // relative to the workspace, '/'-separated
	Line    int     `json:"line"`
	Score   float64 `json:"score"`
	Snippet string  `json:"snippet"`
	// Matched, for a sentence ranked by its words, are the words the
	// file matched: why it is listed.
	Matched []searchMatch `json:"matched,omitempty"`
}

// searchMatch is a word a hit matched, and the name it defines holding
// it, if that is how.
type searchMatch struct {
	Word       string `json:"word"`
	Definition string `json:"definition,omitempty"`
}

func runSearch(ctx context.Context, env *Env, args []string) int {
	flags := newFlags(env, "search", "search [--workspace DIR] [--limit N] [--json] [--cache DIR] QUERY\n\n"+
		"Query syntax: words (all must match), \"exact phrase\", prefix*, fuzzy~ (or ~2),\n"+
		"/regex/, *wildcard, path:PART, ext:go, lang:python; -path:, -ext:, -lang: exclude;\n"+
		"def:Name, the files defining Name, at the definition (a capital: that case only);\n"+
		"a OR b between alternatives, (a OR b) ext:go to group. A query that finds nothing\n"+
		"while its last word is a bare word is asked again with that word as a prefix;\n"+
		"a question in plain words is ranked by the words that carry meaning, and a\n"+
		"sentence that finds nothing ranks the files holding any of its words.")
	ws := flags.String("workspace", ".", "the indexed folder")
	limit := flags.Int("limit", 20, "maximum hits")
	asJSON := flags.Bool("json", false, "print a JSON object")
	cache := flags.String("cache", "", "index cache directory (default: the user cache dir)")
	if code, ok := parseFlags(flags, env, args); !ok {
		return code
	}
	q := strings.Join(flags.Args(), " ")
	if strings.TrimSpace(q) == "" {
		return usageErr(env, flags, "missing QUERY")
	}
	if *limit <= 0 {
		return usageErr(env, flags, "--limit must be positive")
	}
	// A Hearth holding this workspace's index answers; else it is opened here.
	res, err := oneshot.Search(ctx, knowledge.Options{Workspace: *ws, CacheDir: *cache, NoWatch: true, LazyMerge: true}, q, *limit)
	if errors.Is(err, knowledge.ErrBadQuery) {
		return usageErr(env, flags, "%v", err)
	}
	if err != nil {
		if ctx.Err() != nil {
			return ExitInterrupted
		}
		return failure(env, "search", err)
	}
	out := searchOutput{Total: res.Total, TookMS: res.Took.Milliseconds(), Hits: []searchHit{}, AsPrefix: res.AsPrefix,
		AnyWord: res.AnyWord, Question: res.Question}
	for _, h := range res.Hits {
		hit := searchHit{Path: h.Path, Line: h.Line, Score: h.Score, Snippet: h.Snippet}
		for _, m := range h.Matched {
			hit.Matched = append(hit.Matched, searchMatch(m))
		}
		out.Hits = append(out.Hits, hit)
	}
	if *asJSON {
		if err := json.NewEncoder(env.Stdout).Encode(out); err != nil {
			return failure(env, "search", err)
		}
		return ExitOK
	}
	for _, h := range out.Hits {
		// Paths and snippets are the workspace's bytes: nothing in them may act on the terminal.
		fmt.Fprintf(env.Stdout, "%s:%d: %s\n", termSafe(h.Path), h.Line, termSafe(h.Snippet))
		if len(h.Matched) > 0 {
			fmt.Fprintf(env.Stdout, "  matched: %s\n", termSafe(knowledge.Why(hitMatches(h.Matched))))
		}
	}
	about := ""
	switch {
	case res.AsPrefix != "":
		about = fmt.Sprintf("no file matched %q; for %q ", q, res.AsPrefix)
	case res.AnyWord != "":
		about = fmt.Sprintf("no exact match for %q; for any of its words (%s) ", q, res.AnyWord)
	case res.Question != "":
		about = fmt.Sprintf("ranked by the words that carry meaning (%s): ", strings.Join(strings.Fields(res.Question), ", "))
	}
	if res.Approx {
		about += "about " // a broad pattern's scan stopped after a page
	}
	files := "files"
	if out.Total == 1 {
		files = "file"
	}
	fmt.Fprintf(env.Stdout, "%s%d %s matched in %d ms\n", about, out.Total, files, out.TookMS)
	return ExitOK
}

func hitMatches(ms []searchMatch) []knowledge.WordMatch {
	out := make([]knowledge.WordMatch, len(ms))
	for i, m := range ms {
		out[i] = knowledge.WordMatch(m)
	}
	return out
}
