package app

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLaunchFolder(t *testing.T) {
	wd := t.TempDir()
	os.Mkdir(filepath.Join(wd, "proj"), 0o755)
	os.WriteFile(filepath.Join(wd, "file.txt"), nil, 0o644)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"proj"}, filepath.Join(wd, "proj")},
		{[]string{filepath.Join(wd, "proj")}, filepath.Join(wd, "proj")},
		{[]string{"-psn_0_1", "proj"}, filepath.Join(wd, "proj")},
		{nil, ""},
		{[]string{"file.txt"}, ""},
		{[]string{"missing"}, ""},
		{[]string{"proj", "proj"}, ""},
	}
	for _, tt := range tests {
		if got := launchFolder(tt.args, wd); got != tt.want {
			t.Errorf("launchFolder(%q) = %q, want %q", tt.args, got, tt.want)
		}
	}
}
