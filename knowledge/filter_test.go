package knowledge

import "testing"

// keepPath is how a scan, and a search while the first build runs,
// filters paths: negated filters exclude what the same filters keep.
func TestKeepPath(t *testing.T) {
	tests := []struct {
		q, path string
		keep    bool
	}{
		{"x", "a/b.go", true},
		{"x path:a/", "a/b.go", true},
		{"x path:c/", "a/b.go", false},
		{"x -path:a/", "a/b.go", false},
		{"x -path:c/", "a/b.go", true},
		{"x -path:A/B", "a/b.go", false},
		{"x -path:*.go", "a/b.go", false},
		{"x -path:*.md", "a/b.go", true},
		{"x -ext:go", "a/b.go", false},
		{"x -ext:.go", "a/b.go", false},
		{"x -ext:md", "a/b.go", true},
		{"x -lang:go", "a/b.go", false},
		{"x -lang:python", "a/b.go", true},
		{"x ext:go -path:a/", "a/b.go", false},
		{"x ext:md -path:c/", "a/b.go", false},
		{"x path:a/ -path:a/b", "a/b.go", false},
		{"x path:a/ -path:a/c", "a/b.go", true},
		{"x -path:", "a/b.go", true},
	}
	for _, tt := range tests {
		pq, err := parseQuery(tt.q)
		if err != nil {
			t.Fatalf("parseQuery(%q): %v", tt.q, err)
		}
		if got := pq.keepPath(tt.path); got != tt.keep {
			t.Errorf("%q keeps %s: %v, want %v", tt.q, tt.path, got, tt.keep)
		}
	}
}
