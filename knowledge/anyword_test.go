package knowledge

import (
	"context"
	"testing"
)

// A sentence that finds nothing is asked again for any of its words only
// when asked to, ranked by how well files match those words, and the
// answer says so; a query that matches is answered exactly as before.
func TestSearchFallsBackToAnyWord(t *testing.T) {
	x := openFiles(t, map[string]string{
		"retry.go": "package net\n\n// retry backoff delay doubles on each attempt\nfunc retryDelay() {}\n",
		"delay.md": "the delay is configurable\n",
		"other.go": "package other\n",
	})
	ctx := context.Background()
	tests := []struct {
		q       string
		opts    []SearchOption
		total   int
		first   string
		anyWord string
	}{
		{"where is the retry backoff delay set", nil, 0, "", ""},
		{"where is the retry backoff delay set", []SearchOption{AnyWord}, 2, "retry.go",
			"retry OR backoff OR delay OR set"},
		{"retry backoff", []SearchOption{RetryAsPrefix, AnyWord}, 1, "retry.go", ""}, // found as asked
		{"retry backo", []SearchOption{RetryAsPrefix, AnyWord}, 1, "retry.go", ""},   // the prefix answers first
		{"zzqq yyxx", []SearchOption{AnyWord}, 0, "", ""},                            // no word is anywhere
		{"delay ext:rs", []SearchOption{AnyWord}, 0, "", ""},                         // a filter is meant
	}
	for _, tt := range tests {
		res, err := x.Search(ctx, tt.q, 10, tt.opts...)
		if err != nil {
			t.Fatalf("%q: %v", tt.q, err)
		}
		if res.Total != tt.total || res.AnyWord != tt.anyWord {
			t.Errorf("Search(%q, %d options) = %d files as %q, want %d as %q", tt.q, len(tt.opts), res.Total, res.AnyWord, tt.total, tt.anyWord)
		}
		if tt.first != "" && (len(res.Hits) == 0 || res.Hits[0].Path != tt.first) {
			t.Errorf("Search(%q) hits = %+v, want %s first", tt.q, res.Hits, tt.first)
		}
	}
}
