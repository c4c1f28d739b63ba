//go:build !windows

package prompt

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInstructionsRefuseFilesFromElsewhere: an instruction file that is a
// hard link, or a symbolic link leading out, is left out of the prompt and
// named with its reason; a link within the workspace is still read.
func TestInstructionsRefuseFilesFromElsewhere(t *testing.T) {
	tests := []struct {
		name       string
		plant      func(t *testing.T, ws, secret string) // makes AGENTS.md
		wantRead   bool
		wantReason string
	}{
		{"hard link to a file outside", func(t *testing.T, ws, secret string) {
			link(t, os.Link, secret, filepath.Join(ws, "AGENTS.md"))
		}, false, "hard link (one file with 2 names)"},
		{"hard link between two names inside", func(t *testing.T, ws, _ string) {
			write(t, filepath.Join(ws, "notes.md"), "PRIVATE KEY")
			link(t, os.Link, filepath.Join(ws, "notes.md"), filepath.Join(ws, "AGENTS.md"))
		}, false, "hard link"},
		{"symbolic link out", func(t *testing.T, ws, secret string) {
			link(t, os.Symlink, secret, filepath.Join(ws, "AGENTS.md"))
		}, false, "symbolic link leading out of the workspace"},
		{"symbolic link within", func(t *testing.T, ws, _ string) {
			write(t, filepath.Join(ws, "docs", "agents.md"), "Use tabs.")
			link(t, os.Symlink, filepath.Join("docs", "agents.md"), filepath.Join(ws, "AGENTS.md"))
		}, true, ""},
		{"a plain file", func(t *testing.T, ws, _ string) {
			write(t, filepath.Join(ws, "AGENTS.md"), "Use tabs.")
		}, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws, outside := t.TempDir(), t.TempDir()
			secret := filepath.Join(outside, "id_rsa")
			write(t, secret, "PRIVATE KEY")
			write(t, filepath.Join(ws, ".hearth", "instructions.md"), "Answer in French.")
			tt.plant(t, ws, secret)
			text, refused, err := Instructions(ws)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(text, "PRIVATE KEY") {
				t.Errorf("the prompt holds the linked file: %q", text)
			}
			if !strings.Contains(text, "Answer in French.") {
				t.Errorf("the workspace's own instructions were dropped: %q", text)
			}
			if got := strings.Contains(text, "Use tabs."); got != tt.wantRead {
				t.Errorf("AGENTS.md read = %v, want %v: %q", got, tt.wantRead, text)
			}
			if tt.wantReason == "" {
				if len(refused) > 0 {
					t.Errorf("refused %v", refused)
				}
				return
			}
			var ref *RefusedError
			if len(refused) != 1 || !errors.As(refused[0], &ref) || ref.Name != "AGENTS.md" || !strings.Contains(ref.Reason, tt.wantReason) {
				t.Fatalf("refused %v, want AGENTS.md: %s", refused, tt.wantReason)
			}
		})
	}
}

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}

func link(t *testing.T, mk func(old, new string) error, target, name string) {
	t.Helper()
	if err := mk(target, name); err != nil {
		t.Skipf("cannot link here: %v", err)
	}
}
