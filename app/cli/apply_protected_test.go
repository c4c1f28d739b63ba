package cli

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestApplyRefusesProtectedPaths(t *testing.T) {
	tests := []struct {
		name, path string
		link       bool // reach .git through a symlink inside the workspace
	}{
		{"git hook", ".git/hooks/pre-commit", false},
		{"hearth permissions", ".hearth/permissions.json", false},
		{"git config case", ".GIT/config", false},
		{"through a link", "gitlink/hooks/post-checkout", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.link && runtime.GOOS == "windows" {
				t.Skip("symlinks")
			}
			ws := t.TempDir()
			writeFiles(t, ws, map[string]string{"a.txt": "one\n", ".git/HEAD": "ref: refs/heads/main\n"})
			if tc.link {
				os.Symlink(".git", filepath.Join(ws, "gitlink"))
			}
			reply := block("a.txt", "one\n", "two\n") + block(tc.path, "", "#!/bin/sh\ntouch /tmp/pwned\n")
			code, out, errOut := runApplyIn(t, reply, "--workspace", ws, "-")
			if code != ExitFailure || !strings.Contains(out, "protected") || !strings.Contains(out, "--allow-protected") {
				t.Fatalf("exit %d\n%s%s", code, out, errOut)
			}
			if got := readFile(t, filepath.Join(ws, "a.txt")); got != "one\n" {
				t.Errorf("a.txt written although a block was refused: %q", got)
			}
			if _, err := os.Lstat(filepath.Join(ws, filepath.FromSlash(tc.path))); err == nil && !strings.EqualFold(tc.path, ".git/config") {
				t.Errorf("%s was created", tc.path)
			}
			// The explicit opt-in writes it.
			if tc.path == ".GIT/config" && runtime.GOOS != "linux" {
				return // case-insensitive file systems: .GIT is .git
			}
			code, out, errOut = runApplyIn(t, reply, "--workspace", ws, "--allow-protected", "-")
			if code != ExitOK {
				t.Fatalf("with --allow-protected: exit %d\n%s%s", code, out, errOut)
			}
			if got := readFile(t, filepath.Join(ws, filepath.FromSlash(tc.path))); !strings.Contains(got, "pwned") {
				t.Errorf("%s not written with --allow-protected: %q", tc.path, got)
			}
		})
	}
}
