package lsp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/internal/eventually"
)

// goWorkspace is a module with one file, and a manager for it that waits
// long enough for a cold gopls on a loaded machine.
func goWorkspace(t *testing.T, main string) (*Manager, string) {
	t.Helper()
	if _, err := exec.LookPath("gopls"); err != nil {
		t.Skip("gopls is not installed (make deps installs it)")
	}
	ws := t.TempDir()
	write(t, filepath.Join(ws, "go.mod"), "module example.com/w\n\ngo 1.22\n")
	abs := filepath.Join(ws, "main.go")
	write(t, abs, main)
	m := New(Options{Workspace: ws, Wait: 90 * time.Second, Env: append(os.Environ(), "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")})
	t.Cleanup(m.Close)
	return m, abs
}

func write(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// change does what the edit tools do: Before, the write, then after.
func change(t *testing.T, m *Manager, abs, content string) string {
	t.Helper()
	old, err := os.ReadFile(abs)
	existed := err == nil
	after := m.Before(context.Background(), abs, old, existed)
	write(t, abs, content)
	if after == nil {
		t.Fatalf("no diagnoser for %s", abs)
	}
	return after(context.Background(), []byte(content))
}

const okMain = "package main\n\nfunc main() {\n\tvar n int = 1\n\t_ = n\n}\n"

func TestGoplsReportsWhatAnEditBroke(t *testing.T) {
	m, abs := goWorkspace(t, okMain)
	if _, _, ok := m.Problems(abs); ok {
		t.Fatal("Problems answered before any server ran")
	}
	broken := "package main\n\nfunc main() {\n\tvar n int = \"one\"\n\t_ = n\n}\n"
	got := change(t, m, abs, broken)
	if !strings.Contains(got, "introduced 1 error (gopls)") || !strings.Contains(got, "main.go:4:") ||
		!strings.Contains(got, `cannot use "one"`) {
		t.Fatalf("breaking edit: got %q, want gopls's error on line 4", got)
	}
	if e, w, ok := m.Problems(abs); !ok || e != 1 || w != 0 {
		t.Fatalf("Problems after the break = %d errors, %d warnings, %v; want 1, 0, true", e, w, ok)
	}
	if got := change(t, m, abs, okMain); got != "" {
		t.Fatalf("fixing edit: got %q, want nothing", got)
	}
	if e, _, ok := m.Problems(abs); !ok || e != 0 {
		t.Fatalf("Problems after the fix = %d errors, %v; want 0, true", e, ok)
	}
	got, err := m.FileDiagnostics(context.Background(), abs)
	if err != nil || !strings.Contains(got, "No errors") {
		t.Fatalf("FileDiagnostics after the fix = %q, %v", got, err)
	}
}

func TestGoplsLeavesOutErrorsThatWereThereBefore(t *testing.T) {
	old := "package main\n\nfunc main() {\n\tvar s string = 1\n\t_ = s\n}\n"
	m, abs := goWorkspace(t, old)
	// A line added above moves the old error down; it is still not new.
	shifted := "package main\n\n// main runs.\nfunc main() {\n\tvar s string = 1\n\t_ = s\n}\n"
	if got := change(t, m, abs, shifted); got != "" {
		t.Fatalf("an edit that breaks nothing: got %q", got)
	}
	more := "package main\n\n// main runs.\nfunc main() {\n\tvar s string = 1\n\t_ = s\n\tundefinedThing()\n}\n"
	got := change(t, m, abs, more)
	if !strings.Contains(got, "introduced 1 error") || !strings.Contains(got, "undefinedThing") || strings.Contains(got, "cannot use 1") {
		t.Fatalf("got %q, want only the new undefined error", got)
	}
	all, err := m.FileDiagnostics(context.Background(), abs)
	if err != nil || !strings.Contains(all, "cannot use 1") || !strings.Contains(all, "undefinedThing") {
		t.Fatalf("FileDiagnostics = %q, %v; want both errors", all, err)
	}
}

func TestGoplsNewFile(t *testing.T) {
	m, _ := goWorkspace(t, okMain)
	abs := filepath.Join(filepath.Dir(m.opts.Workspace+"/x"), "extra.go")
	got := change(t, m, abs, "package main\n\nfunc extra() int { return \"x\" }\n")
	if !strings.Contains(got, "extra.go:3:") || !strings.Contains(got, "error") {
		t.Fatalf("new broken file: got %q", got)
	}
}

func TestGoplsNavigates(t *testing.T) {
	src := "package main\n\n// Add sums two numbers.\nfunc Add(a, b int) int { return a + b }\n\nfunc main() {\n\t_ = Add(1, 2)\n}\n"
	m, abs := goWorkspace(t, src)
	ctx := context.Background()
	cases := []struct {
		op, path     string
		line, column int
		symbol       string
		want         []string
	}{
		{"definition", abs, 7, 6, "", []string{"main.go:4:6", "func Add"}},
		{"definition", "", 0, 0, "Add", []string{"main.go:4:6"}},
		{"references", abs, 0, 0, "Add", []string{"2 places", "main.go:4:6", "main.go:7:6"}},
		{"hover", abs, 7, 6, "", []string{"func Add(a int, b int) int", "Add sums two numbers"}},
		{"symbols", abs, 0, 0, "", []string{"function Add  line 4", "function main  line 6"}},
		{"symbols", "", 0, 0, "Add", []string{"Add", "main.go:4:6"}},
	}
	for _, c := range cases {
		got, err := m.Navigate(ctx, c.op, c.path, c.line, c.column, c.symbol)
		if err != nil {
			t.Fatalf("%s %q: %v", c.op, c.symbol, err)
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s %s:%d:%d %q = %q, want it to contain %q", c.op, filepath.Base(c.path), c.line, c.column, c.symbol, got, w)
			}
		}
	}
}

// A file changed behind the servers (by a shell command) reaches them
// through FilesChanged, so an open file's diagnostics follow it.
func TestGoplsSeesFilesChangedOnDisk(t *testing.T) {
	m, abs := goWorkspace(t, "package main\n\nfunc main() { helper() }\n")
	helper := filepath.Join(filepath.Dir(abs), "helper.go")
	write(t, helper, "package main\n\nfunc helper() {}\n")
	if got := change(t, m, abs, "package main\n\nfunc main() {\n\thelper()\n}\n"); got != "" {
		t.Fatalf("got %q", got)
	}
	write(t, helper, "package main\n")
	m.FilesChanged(context.Background(), []string{helper})
	eventually.True(t, "main.go's diagnostics to see helper gone", func() bool {
		got, err := m.FileDiagnostics(context.Background(), abs)
		return err == nil && strings.Contains(got, "undefined: helper")
	})
}
