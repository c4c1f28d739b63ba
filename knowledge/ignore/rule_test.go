package ignore

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

func TestLiteralName(t *testing.T) {
	tests := []struct{ line, want string }{
		{"vendor/", "vendor"},
		{"node_modules", "node_modules"},
		{"!keep.log", "keep.log"},
		{"build/  ", "build"},
		{"*.log", ""},
		{"a?c", ""},
		{"[ab]", ""},
		{`trailing\ `, ""},
		{"/root-only.txt", ""},
		{"docs/tmp", ""},
		{"/", ""},
	}
	for _, tt := range tests {
		if got := literalName(tt.line); got != tt.want {
			t.Errorf("literalName(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// The name check only skips go-git's matching where it could not match:
// every pattern gives go-git's answer on every path.
func TestRuleAgreesWithGoGit(t *testing.T) {
	lines := []string{"vendor/", "node_modules", "!keep.log", "build/ ", "*.log", "/root.txt", "docs/*.tmp", "**/gen/**", ".DS_Store", "a"}
	paths := []string{"vendor", "a/vendor", "vendor/x.go", "a/vendor/b", "node_modules/x", "keep.log", "src/keep.log", "build",
		"build/out", "x.log", "root.txt", "a/root.txt", "docs/a.tmp", "gen/x", "a/gen/b", ".DS_Store", "a", "b/a", "ab", "vendored"}
	for _, domain := range [][]string{nil, {"a"}} {
		for _, l := range lines {
			r := parseLines([]string{l}, domain)[0]
			p := gitignore.ParsePattern(l, domain)
			for _, rel := range paths {
				parts := strings.Split(rel, "/")
				for _, isDir := range []bool{false, true} {
					if got, want := r.match(parts, isDir), p.Match(parts, isDir); got != want {
						t.Errorf("%q in %v on %q (dir %v) = %v, go-git says %v", l, domain, rel, isDir, got, want)
					}
				}
			}
		}
	}
}

func TestListedDirectoryWithoutRulesIsNotRead(t *testing.T) {
	root := writeTree(t, map[string]string{"a/x.log": "x", "b/x.log": "x", "b/.gitignore": "*.log\n"})
	m, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	m.Listed("a", []string{"x.log"})
	m.Listed("b", []string{"x.log", ".gitignore"})
	// A rule file written after a's listing is not seen until Forget, as
	// with rules cached after a read.
	if err := os.WriteFile(filepath.Join(root, "a", ".gitignore"), []byte("*.log\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if m.Ignored("a/x.log", false) {
		t.Error("a/x.log ignored by rules the listing did not hold")
	}
	if !m.Ignored("b/x.log", false) {
		t.Error("b/x.log not ignored: b's listed .gitignore was not read")
	}
	m.Forget("a")
	if !m.Ignored("a/x.log", false) {
		t.Error("a/x.log not ignored after Forget")
	}
}
