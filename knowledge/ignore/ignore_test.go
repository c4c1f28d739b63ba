package ignore

import (
	"os"
	"path/filepath"
	"testing"
)

// writeTree creates files (content "x") and ignore files under a temp root.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for rel, content := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestIgnored(t *testing.T) {
	root := writeTree(t, map[string]string{
		".gitignore":          "*.log\n!keep.log\n/root-only.txt\nbuild/\n# comment\n\n**/gen/**\ndocs/*.tmp\n",
		".git/info/exclude":   "secret.env\n",
		".hearthignore":       "big-data/\n",
		"sub/.gitignore":      "local.txt\n/anchored.md\n!vendor/\n",
		"sub/deep/.gitignore": "!important.log\n",
		"other/.hearthignore": "*.txt\n",
	})
	m, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		rel   string
		isDir bool
		want  bool
	}{
		{"main.go", false, false},
		{"debug.log", false, true},
		{"sub/x/debug.log", false, true},
		{"keep.log", false, false},               // negation
		{"sub/keep.log", false, false},           // negation applies at any depth
		{"sub/deep/important.log", false, false}, // nested negation beats parent rule
		{"sub/important.log", false, true},       // ...only below its own directory
		{"root-only.txt", false, true},
		{"sub/root-only.txt", false, false}, // anchored to the root
		{"build", true, true},
		{"build", false, false}, // dir-only pattern does not match a file
		{"build/out.js", false, true},
		{"src/build/out.js", false, true},
		{"a/gen/b/c.go", false, true},
		{"docs/x.tmp", false, true},
		{"docs/sub/x.tmp", false, false},
		{"secret.env", false, true},     // .git/info/exclude
		{"big-data/a.csv", false, true}, // .hearthignore
		{"sub/local.txt", false, true},
		{"local.txt", false, false}, // nested rule does not leak upward
		{"sub/anchored.md", false, true},
		{"sub/x/anchored.md", false, false},
		{"other/notes.txt", false, true},
		{"other/notes.md", false, false},
		{".git", true, true},
		{".git/config", false, true},
		{"node_modules/react/index.js", false, true},
		{"web/node_modules", true, true},
		{"vendor/lib.go", false, true},
		{"sub/vendor/lib.go", false, false}, // project re-includes its vendor dir
		{"", true, false},
	}
	for _, tt := range tests {
		if got := m.Ignored(tt.rel, tt.isDir); got != tt.want {
			t.Errorf("Ignored(%q, dir=%v) = %v, want %v", tt.rel, tt.isDir, got, tt.want)
		}
	}
}

func TestParentExclusionCannotBeUndone(t *testing.T) {
	// git: "It is not possible to re-include a file if a parent directory
	// of that file is excluded."
	root := writeTree(t, map[string]string{".gitignore": "out/\n!out/keep.txt\n"})
	m, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Ignored("out/keep.txt", false) {
		t.Error("out/keep.txt re-included although out/ is excluded")
	}
	if m.IgnoredHere("out/keep.txt", false) {
		t.Error("IgnoredHere should judge the path alone")
	}
}

func TestOptions(t *testing.T) {
	root := writeTree(t, map[string]string{".gitignore": "*.gen.go\n", ".hearthignore": "*.csv\n"})
	tests := []struct {
		name  string
		opts  Options
		rel   string
		isDir bool
		want  bool
	}{
		{"defaults skip node_modules", Options{}, "node_modules", true, true},
		{"empty skip list keeps node_modules", Options{Skip: []string{}}, "node_modules", true, false},
		{"custom skip list", Options{Skip: []string{"third_party/"}}, "third_party/x.c", false, true},
		{"custom skip replaces defaults", Options{Skip: []string{"third_party/"}}, "vendor/x.go", false, false},
		{"extra patterns win", Options{Extra: []string{"!*.gen.go"}}, "a.gen.go", false, false},
		{"gitignore applies", Options{}, "a.gen.go", false, true},
		{"NoVCSIgnore drops gitignore", Options{NoVCSIgnore: true}, "a.gen.go", false, false},
		{"NoVCSIgnore keeps hearthignore", Options{NoVCSIgnore: true}, "d.csv", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Load(root, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := m.Ignored(tt.rel, tt.isDir); got != tt.want {
				t.Errorf("Ignored(%q) = %v, want %v", tt.rel, got, tt.want)
			}
		})
	}
}

func TestForgetRereadsRules(t *testing.T) {
	root := writeTree(t, map[string]string{"sub/.gitignore": "a.txt\n"})
	m, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Ignored("sub/a.txt", false) {
		t.Fatal("sub/a.txt should be ignored")
	}
	if err := os.WriteFile(filepath.Join(root, "sub", ".gitignore"), []byte("b.txt\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if !m.Ignored("sub/a.txt", false) {
		t.Fatal("rules are cached until Forget")
	}
	m.Forget("sub")
	if m.Ignored("sub/a.txt", false) || !m.Ignored("sub/b.txt", false) {
		t.Error("Forget did not re-read sub/.gitignore")
	}
	if !m.IsRuleFile(".gitignore") || !m.IsRuleFile(".hearthignore") || m.IsRuleFile("main.go") {
		t.Error("IsRuleFile wrong")
	}
}

func TestLoadErrors(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "missing"), Options{}); err == nil {
		t.Error("Load of a missing dir succeeded")
	}
	f := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(f, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(f, Options{}); err == nil {
		t.Error("Load of a file succeeded")
	}
}
