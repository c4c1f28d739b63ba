package tools

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/lsp"
	"github.com/hearth-agent/hearth/agent/tool"
)

// goTools are the tools of a Go module workspace with real gopls behind
// them.
func goTools(t *testing.T, files map[string]string) (string, map[string]tool.Tool) {
	t.Helper()
	if _, err := exec.LookPath("gopls"); err != nil {
		t.Skip("gopls is not installed (make deps installs it)")
	}
	files["go.mod"] = "module example.com/w\n\ngo 1.22\n"
	ws := t.TempDir()
	m := lsp.New(lsp.Options{Workspace: ws, Wait: 90 * time.Second, Env: append(os.Environ(), "GOTOOLCHAIN=local")})
	t.Cleanup(m.Close)
	for name, content := range files {
		if err := os.WriteFile(ws+"/"+name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, byName := newWSAt(t, ws, Config{Approve: ApproveAll, Diagnoser: m})
	return ws, byName
}

func TestEditsReportTheErrorsTheyIntroduce(t *testing.T) {
	const ok = "package main\n\nfunc main() {\n\tx := 1\n\t_ = x\n}\n"
	_, ts := goTools(t, map[string]string{"main.go": ok})
	mustRun(t, ts["read_file"], map[string]any{"path": "main.go"})

	out := mustRun(t, ts["edit_file"], map[string]any{"path": "main.go", "edits": []map[string]string{{"search": "\t_ = x\n", "replace": "\tvar s string = x\n\t_ = s\n"}}})
	applied := strings.Index(out, "Applied 1 edit to main.go.")
	introduced := strings.Index(out, "This change introduced 1 error (gopls):")
	if applied != 0 || introduced < 0 || !strings.Contains(out, "main.go:5:") || !strings.Contains(out, "cannot use x") {
		t.Fatalf("edit_file result %q: want the edit applied first, then gopls's error on line 5", out)
	}
	if got := Summarize(Finished{Name: "edit_file", Args: json.RawMessage(`{"path":"main.go"}`), Output: out}); got != "Edited main.go · +2 −1 · 1 new error" {
		t.Errorf("summary %q", got)
	}

	out = mustRun(t, ts["write_file"], map[string]any{"path": "main.go", "content": ok})
	if strings.Contains(out, "introduced") {
		t.Fatalf("the fix reports errors: %q", out)
	}
	out = mustRun(t, ts["diagnostics"], map[string]any{"path": "main.go"})
	if !strings.HasPrefix(out, "No errors or warnings in main.go") {
		t.Fatalf("diagnostics after the fix: %q", out)
	}
	out = mustRun(t, ts["lsp"], map[string]any{"operation": "hover", "path": "main.go", "line": 4, "column": 2})
	if !strings.Contains(out, "var x int") {
		t.Fatalf("hover on x: %q", out)
	}
	if _, err := run(t, ts["lsp"], map[string]any{"operation": "rename"}); err == nil || !strings.Contains(err.Error(), "operation must be") {
		t.Fatalf("a bad operation: %v", err)
	}
}

func TestLanguageToolsOfferedOnlyWithAServer(t *testing.T) {
	noGo := lsp.New(lsp.Options{Workspace: t.TempDir()})
	defer noGo.Close()
	for _, c := range []struct {
		name string
		d    Diagnoser
	}{{"no diagnoser", nil}, {"no language of the workspace", noGo}} {
		_, ts := newWS(t, map[string]string{"a.txt": "x"}, Config{Diagnoser: c.d})
		if ts["diagnostics"] != nil || ts["lsp"] != nil {
			t.Errorf("%s: language tools offered", c.name)
		}
	}
}
