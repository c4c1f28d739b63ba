package lsp

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// npmServers is the PATH holding the npm language servers test/lsp
// installs (scripts/setup.sh), or a skip when they are not there.
func npmServers(t *testing.T, name string) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	bin := filepath.Join(filepath.Dir(file), "..", "..", "test", "lsp", "node_modules", ".bin")
	if _, err := os.Stat(filepath.Join(bin, name)); err != nil {
		t.Skipf("%s is not installed (scripts/setup.sh runs npm ci in test/lsp)", name)
	}
	return bin + string(os.PathListSeparator) + os.Getenv("PATH")
}

func TestServersReportWhatAnEditBroke(t *testing.T) {
	cases := []struct {
		server, file, ok, broken, want string
	}{
		{"typescript-language-server", "a.ts",
			"const n: number = 1;\nexport { n };\n",
			"const n: number = 1;\nconst s: string = n;\nexport { n, s };\n",
			"a.ts:2:7: error: Type 'number' is not assignable to type 'string'."},
		{"pyright-langserver", "a.py",
			"def f(n: int) -> int:\n    return n\n",
			"def f(n: int) -> int:\n    return n\n\n\nx: str = f(1)\n",
			`a.py:5:10: error: Type "int" is not assignable to declared type "str"`},
	}
	for _, c := range cases {
		t.Run(c.server, func(t *testing.T) {
			path := npmServers(t, c.server)
			ws := t.TempDir()
			abs := filepath.Join(ws, c.file)
			write(t, abs, c.ok)
			env := append(os.Environ(), "PATH="+path)
			m := New(Options{Workspace: ws, Wait: 90 * time.Second, Env: env})
			defer m.Close()
			got := change(t, m, abs, c.broken)
			if !strings.Contains(got, "introduced 1 error ("+c.server+")") || !strings.Contains(got, c.want) {
				t.Fatalf("breaking edit: got %q, want %q", got, c.want)
			}
			if got := change(t, m, abs, c.ok); got != "" {
				t.Fatalf("fixing edit: got %q", got)
			}
		})
	}
}

// typescript-language-server prefers a workspace's node_modules/typescript
// to its own; Hearth points it at its own, so an untrusted folder's
// tsserver.js never runs.
func TestTypescriptServerRunsNoTypescriptFromTheWorkspace(t *testing.T) {
	path := npmServers(t, "typescript-language-server")
	ws := t.TempDir()
	canary := filepath.Join(t.TempDir(), "ran")
	lib := filepath.Join(ws, "node_modules", "typescript", "lib")
	if err := os.MkdirAll(lib, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(ws, "node_modules", "typescript", "package.json"), `{"name":"typescript","version":"5.9.3"}`)
	write(t, filepath.Join(lib, "tsserver.js"), "require('fs').writeFileSync("+strconv.Quote(canary)+", 'x')\n")
	write(t, filepath.Join(lib, "typescript.js"), "require('fs').writeFileSync("+strconv.Quote(canary)+", 'x')\n")
	abs := filepath.Join(ws, "a.ts")
	write(t, abs, "export const n: number = 1;\n")
	m := New(Options{Workspace: ws, Wait: 90 * time.Second, Env: append(os.Environ(), "PATH="+path)})
	defer m.Close()
	got := change(t, m, abs, "export const n: number = 'one';\n")
	if !strings.Contains(got, "Type 'string' is not assignable to type 'number'") {
		t.Fatalf("got %q, want the bundled TypeScript's error", got)
	}
	if _, err := os.Stat(canary); err == nil {
		t.Fatal("the workspace's tsserver.js ran")
	}
}
