package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDesktopArgs(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.txt")
	os.WriteFile(file, []byte("x"), 0o644)
	tests := []struct {
		name     string
		args     []string
		window   bool
		wantDir  string
		wantOK   bool
		wantText string
	}{
		{"none", nil, false, "", true, ""},
		{"a folder", []string{dir}, false, dir, true, ""},
		{"macOS process serial", []string{"-psn_0_12345"}, false, "", true, ""},
		{"dev window flags", []string{"-devserver", "127.0.0.1:1", "-assetdir", "x"}, true, "", true, ""},
		{"nonsense", []string{"nonsense"}, false, "", false, `unknown command "nonsense"`},
		{"a file", []string{file}, false, "", false, "is not a folder"},
		{"two folders", []string{dir, dir}, false, "", false, "unexpected arguments"},
		{"a flag in a release build", []string{"--frobnicate"}, false, "", false, "unexpected arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var errb bytes.Buffer
			got, code, ok := Desktop(&Env{Stderr: &errb}, tt.args, tt.window)
			if ok != tt.wantOK || got != tt.wantDir {
				t.Fatalf("Desktop = %q, %d, %v; want %q, ok %v", got, code, ok, tt.wantDir, tt.wantOK)
			}
			if !ok && code != ExitUsage {
				t.Errorf("exit code %d, want %d", code, ExitUsage)
			}
			if !strings.Contains(errb.String(), tt.wantText) || (tt.wantText != "" && !strings.Contains(errb.String(), "Usage: hearth")) {
				t.Errorf("stderr %q, want %q and the usage", errb.String(), tt.wantText)
			}
		})
	}
}
