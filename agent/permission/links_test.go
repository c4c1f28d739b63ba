package permission

import (
	"os"
	"path/filepath"
	"testing"
)

func TestShellSymlinksLeadingOut(t *testing.T) {
	outside := t.TempDir()
	ws := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "id_rsa"), []byte("key"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "ok.txt"), []byte("ok"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(ws, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "id_rsa"), filepath.Join(ws, "d", "key")); err != nil {
		t.Fatal(err)
	}
	env := ShellEnv{Workspace: ws, Home: outside}
	tests := []struct {
		line     string
		readOnly bool
	}{
		{"cat ok.txt", true},
		{"cat d/key", false},
		{"cat d/*", false},
		{"cat *.txt", true},
		{"grep -R key .", false},
		{"grep -r key .", true},
		{"rg -L key", false},
		{"find -L . -name x", false},
	}
	for _, tt := range tests {
		if got := JudgeShell(tt.line, env).ReadOnly(); got != tt.readOnly {
			t.Errorf("%q read-only = %v, want %v", tt.line, got, tt.readOnly)
		}
	}
}
