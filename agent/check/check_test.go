package check

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPropose(t *testing.T) {
	onPath := func(names ...string) LookPath {
		return func(n string) (string, error) {
			for _, m := range names {
				if m == n {
					return "/usr/bin/" + n, nil
				}
			}
			return "", errors.New("not found")
		}
	}
	for _, tc := range []struct {
		name  string
		files []string
		path  LookPath
		want  string
	}{
		{"go", []string{"go.mod"}, onPath("go"), "go build ./... && go vet ./..."},
		{"go missing", []string{"go.mod"}, onPath(), ""},
		{"tsc in the project", []string{"tsconfig.json", "node_modules/.bin/tsc"}, onPath(), "npx tsc --noEmit"},
		{"tsc not installed", []string{"tsconfig.json"}, onPath("tsc", "npx"), ""},
		{"cargo", []string{"Cargo.toml"}, onPath("cargo"), "cargo check"},
		{"ruff", []string{"pyproject.toml"}, onPath("ruff"), "ruff check"},
		{"no ruff", []string{"pyproject.toml"}, onPath("go"), ""},
		{"nothing", []string{"README.md"}, onPath("go", "cargo", "ruff"), ""},
		{"go first", []string{"pyproject.toml", "go.mod"}, onPath("go", "ruff"), "go build ./... && go vet ./..."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range tc.files {
				p := filepath.Join(dir, filepath.FromSlash(f))
				os.MkdirAll(filepath.Dir(p), 0o755)
				os.WriteFile(p, nil, 0o644)
			}
			if got := Propose(dir, tc.path); got != tc.want {
				t.Errorf("Propose = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestTailKeepsTheEnd(t *testing.T) {
	var b strings.Builder
	for i := range 1000 {
		b.WriteString(strings.Repeat("x", 20) + string(rune('a'+i%26)) + "\n")
	}
	b.WriteString("main.go:3: undefined: y")
	got := Tail(b.String(), 200)
	if len(got) > 260 || !strings.HasSuffix(got, "main.go:3: undefined: y") || !strings.HasPrefix(got, "[") {
		t.Fatalf("tail = %q", got)
	}
	if Tail("short\n", 200) != "short" {
		t.Fatal("short output changed")
	}
}
