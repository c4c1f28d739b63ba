package permission

import (
	"context"
	"testing"
)

// TestHeadline checks the plain sentence a person is shown when a call asks,
// through a real gate and its judge.
func TestHeadline(t *testing.T) {
	ws := t.TempDir()
	tests := []struct {
		name string
		req  Request
		want string
	}{
		{"formatter", shellReq("gofmt -w main.go"), "This runs gofmt, which can rewrite files"},
		{"go test", shellReq("go test ./..."), "This runs go test, which builds and runs the project's code"},
		{"two programs", shellReq("make build && ./run.sh"), "This runs make build and run.sh, which runs the project's build steps"},
		{"delete always asks", shellReq("rm -rf ."), "This runs rm, which deletes files"},
		{"edit", Request{Tool: "edit_file", Kind: KindEdit, Path: "src/x.go", Diff: "--- a/src/x.go\n+++ b/src/x.go\n"}, "This writes src/x.go"},
		{"new file", Request{Tool: "write_file", Kind: KindEdit, Path: "new.txt", Diff: "--- /dev/null\n+++ b/new.txt\n"}, "This creates new.txt"},
		{"mcp", Request{Tool: "mcp__memory__create_entities", Kind: KindMCP, Path: "mcp__memory__create_entities"},
			"This calls mcp__memory__create_entities on the memory server"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &recorder{d: Decision{Choice: AllowOnce}}
			g := NewGate(Policy{}, ModeNever, r, ws, nil)
			if err := g.Check(context.Background(), tt.req); err != nil {
				t.Fatal(err)
			}
			if len(r.seen) != 1 {
				t.Fatalf("asked %d times, want 1", len(r.seen))
			}
			if got := r.seen[0].Headline; got != tt.want {
				t.Errorf("headline = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestJoinNames(t *testing.T) {
	for _, tt := range []struct {
		in   []string
		want string
	}{
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a and b"},
		{[]string{"a", "b", "c"}, "a, b and c"},
		{[]string{"a", "b", "c", "d", "e"}, "a, b, c and 2 other commands"},
	} {
		if got := joinNames(tt.in); got != tt.want {
			t.Errorf("joinNames(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
