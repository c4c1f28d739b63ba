package conversation

import (
	"os"
	"path/filepath"
	"testing"
)

func TestTestCommand(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"make target", map[string]string{"Makefile": "build:\n\tgo build\ntest: build\n\tgo test ./...\n", "go.mod": "module x\n"}, "make test"},
		{"makefile without test", map[string]string{"Makefile": "build:\n\tgo build\n", "go.mod": "module x\n"}, "go test ./..."},
		{"npm script", map[string]string{"package.json": `{"scripts":{"test":"vitest run"}}`}, "npm test"},
		{"npm placeholder", map[string]string{"package.json": `{"scripts":{"test":"echo \"Error: no test specified\" && exit 1"}}`}, ""},
		{"cargo", map[string]string{"Cargo.toml": "[package]\n"}, "cargo test"},
		{"nothing", map[string]string{"README.md": "# x\n"}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range tt.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got := TestCommand(dir); got != tt.want {
				t.Errorf("TestCommand = %q, want %q", got, tt.want)
			}
		})
	}
}
