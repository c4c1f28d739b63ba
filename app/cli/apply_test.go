package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runApplyIn(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := &Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
	code = Run(context.Background(), env, append([]string{"apply"}, args...))
	return code, out.String(), errb.String()
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func block(path, search, replace string) string {
	return path + "\n```\n<<<<<<< SEARCH\n" + search + "=======\n" + replace + ">>>>>>> REPLACE\n```\n"
}

func TestApplyAllBlocks(t *testing.T) {
	ws := t.TempDir()
	writeFiles(t, ws, map[string]string{"a.go": "package a\n\nfunc A() int { return 1 }\n", "b.txt": "one\r\ntwo\r\n"})
	if err := os.Chmod(filepath.Join(ws, "b.txt"), 0o755); err != nil {
		t.Fatal(err)
	}
	reply := "Here are the changes.\n\n" +
		block("a.go", "func A() int { return 1 }\n", "func A() int { return 2 }\n") +
		"And a second change to the same file, against the first:\n\n" +
		"```\n<<<<<<< SEARCH\nfunc A() int { return 2 }\n=======\nfunc A() int { return 3 }\n>>>>>>> REPLACE\n```\n" +
		block("b.txt", "two\n", "two\nthree\n") +
		block("new/dir/c.md", "", "# new\n")
	code, out, errOut := runApplyIn(t, reply, "--workspace", ws, "-")
	if code != ExitOK {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if got := readFile(t, filepath.Join(ws, "a.go")); got != "package a\n\nfunc A() int { return 3 }\n" {
		t.Fatalf("a.go = %q", got)
	}
	if got := readFile(t, filepath.Join(ws, "b.txt")); got != "one\r\ntwo\r\nthree\r\n" {
		t.Fatalf("b.txt = %q", got)
	}
	if fi, _ := os.Stat(filepath.Join(ws, "b.txt")); fi.Mode().Perm() != 0o755 {
		t.Fatalf("b.txt mode %v", fi.Mode())
	}
	if got := readFile(t, filepath.Join(ws, "new/dir/c.md")); got != "# new\n" {
		t.Fatalf("c.md = %q", got)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 || lines[0] != "block 1 a.go: applied" || lines[1] != "block 2 a.go: applied" ||
		lines[3] != "block 4 new/dir/c.md: applied, creates the file" {
		t.Fatalf("output:\n%s", out)
	}
}

func TestApplyNothingWrittenOnFailure(t *testing.T) {
	ws := t.TempDir()
	orig := map[string]string{"a.go": "alpha\nbeta\n", "b.go": "gamma\ndelta\nepsilon\nzeta\n"}
	writeFiles(t, ws, orig)
	reply := block("a.go", "alpha\n", "ALPHA\n") +
		block("b.go", "gamma\ndelta\nEPSILON\nzeta\n", "x\n") +
		block("c.go", "", "new\n") +
		block("a.go", "beta\n", "BETA\n") +
		block("d.go", "missing\n", "x\n")
	p := filepath.Join(t.TempDir(), "reply.md")
	writeFiles(t, filepath.Dir(p), map[string]string{"reply.md": reply})
	code, out, _ := runApplyIn(t, "", "--workspace", ws, p)
	if code != ExitFailure {
		t.Fatalf("exit %d, want 1\n%s", code, out)
	}
	for name, want := range orig {
		if got := readFile(t, filepath.Join(ws, name)); got != want {
			t.Fatalf("%s changed to %q", name, got)
		}
	}
	if _, err := os.Stat(filepath.Join(ws, "c.go")); !os.IsNotExist(err) {
		t.Fatal("c.go was created although a block failed")
	}
	for _, want := range []string{
		"block 1 a.go: would apply (not written)",
		"block 2 b.go: FAILED: ",
		"     3| epsilon",
		"block 3 c.go: would apply (not written), creates the file",
		"block 4 a.go: would apply (not written)",
		"block 5 d.go: FAILED: file does not exist",
		"2 of 5 blocks failed: no file was written",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestApplyDryRun(t *testing.T) {
	ws := t.TempDir()
	writeFiles(t, ws, map[string]string{"a.go": "x\n"})
	code, out, _ := runApplyIn(t, block("a.go", "x\n", "y\n"), "--workspace", ws, "--dry-run", "-")
	if code != ExitOK || !strings.Contains(out, "block 1 a.go: would apply\n") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	if got := readFile(t, filepath.Join(ws, "a.go")); got != "x\n" {
		t.Fatalf("dry run wrote: %q", got)
	}
}

func TestApplyRefusesOutside(t *testing.T) {
	ws, outside := t.TempDir(), t.TempDir()
	writeFiles(t, outside, map[string]string{"secret.txt": "keep\n"})
	writeFiles(t, ws, map[string]string{"in.txt": "a\n"})
	if err := os.Symlink(outside, filepath.Join(ws, "link")); err != nil {
		t.Fatal(err)
	}
	paths := []string{"../x.txt", filepath.Join(outside, "secret.txt"), "link/secret.txt", "link/new.txt", "a/../../x.txt"}
	for _, p := range paths {
		search := "keep\n"
		if strings.HasSuffix(p, "x.txt") || strings.HasSuffix(p, "new.txt") {
			search = ""
		}
		reply := block("in.txt", "a\n", "b\n") + block(p, search, "owned\n")
		code, out, _ := runApplyIn(t, reply, "--workspace", ws, "-")
		if code != ExitFailure || !strings.Contains(out, "block 2") || !strings.Contains(out, "FAILED") {
			t.Errorf("%s: exit %d\n%s", p, code, out)
		}
	}
	if got := readFile(t, filepath.Join(outside, "secret.txt")); got != "keep\n" {
		t.Fatalf("outside file changed: %q", got)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 1 {
		t.Fatalf("files created outside: %v", ents)
	}
	if got := readFile(t, filepath.Join(ws, "in.txt")); got != "a\n" {
		t.Fatalf("in.txt written although a block failed: %q", got)
	}
	// An absolute path inside the workspace is fine.
	code, out, _ := runApplyIn(t, block(filepath.Join(ws, "in.txt"), "a\n", "b\n"), "--workspace", ws, "-")
	if code != ExitOK || readFile(t, filepath.Join(ws, "in.txt")) != "b\n" {
		t.Fatalf("absolute in-workspace path: exit %d\n%s", code, out)
	}
}

func TestApplyUsageAndParseErrors(t *testing.T) {
	ws := t.TempDir()
	writeFiles(t, ws, map[string]string{"a.go": "x\n"})
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		msg   string
	}{
		{"no file argument", "", []string{"--workspace", ws}, ExitUsage, "want exactly one FILE"},
		{"bad flag", "", []string{"--nope", "-"}, ExitUsage, "flag provided but not defined"},
		{"truncated block", "a.go\n<<<<<<< SEARCH\nx\n=======\ny\n", []string{"--workspace", ws, "-"}, ExitFailure, "truncated"},
		{"no blocks", "just prose\n", []string{"--workspace", ws, "-"}, ExitFailure, "no SEARCH/REPLACE blocks"},
		{"missing reply file", "", []string{"--workspace", ws, filepath.Join(ws, "nope.md")}, ExitFailure, "no such file"},
		{"missing workspace", block("a.go", "x\n", "y\n"), []string{"--workspace", filepath.Join(ws, "nope"), "-"}, ExitFailure, "opening the workspace"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := runApplyIn(t, tt.stdin, tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.msg) {
				t.Fatalf("exit %d, stderr %q; want %d containing %q", code, errOut, tt.code, tt.msg)
			}
		})
	}
	if got := readFile(t, filepath.Join(ws, "a.go")); got != "x\n" {
		t.Fatalf("a.go changed: %q", got)
	}
	code, out, _ := runApplyIn(t, "", "--help")
	if code != ExitOK || !strings.Contains(out, "Usage: hearth apply") {
		t.Fatalf("--help: %d %q", code, out)
	}
}
