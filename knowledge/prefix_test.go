package knowledge

import (
	"context"
	"testing"
)

// A query that finds nothing is asked again with its last word as a
// prefix only when asked to, and the answer names the query that gave it.
func TestSearchRetriesTheLastWordAsAPrefix(t *testing.T) {
	x := openFiles(t, map[string]string{
		"srv.go":  "package srv\n\nfunc handleRequest() {}\n",
		"note.md": "server notes\n",
	})
	ctx := context.Background()
	tests := []struct {
		q        string
		opts     []SearchOption
		total    int
		asPrefix string
	}{
		{"handleReq", nil, 0, ""},
		{"handleReq", []SearchOption{RetryAsPrefix}, 1, "handleReq*"},
		{" func handleReq ", []SearchOption{RetryAsPrefix}, 1, "func handleReq*"},
		{"handleRequest", []SearchOption{RetryAsPrefix}, 1, ""}, // found as asked
		{"zzqq", []SearchOption{RetryAsPrefix}, 0, ""},          // the prefix finds nothing either
		{`"handle Req"`, []SearchOption{RetryAsPrefix}, 0, ""},  // a finished phrase
	}
	for _, tt := range tests {
		res, err := x.Search(ctx, tt.q, 10, tt.opts...)
		if err != nil {
			t.Fatalf("%q: %v", tt.q, err)
		}
		if res.Total != tt.total || res.AsPrefix != tt.asPrefix {
			t.Errorf("Search(%q, %d options) = %d files as %q, want %d as %q", tt.q, len(tt.opts), res.Total, res.AsPrefix, tt.total, tt.asPrefix)
		}
		if tt.total > 0 && (len(res.Hits) == 0 || res.Hits[0].Path != "srv.go") {
			t.Errorf("Search(%q) hits = %+v, want srv.go", tt.q, res.Hits)
		}
	}
	if _, err := x.Search(ctx, "/(/", 10, RetryAsPrefix); err == nil {
		t.Error("a query in error was retried into an answer")
	}
}
