//go:build unix

package tools

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/workspace"
)

// TestReadFileRefusesHardLinks: a hard link planted in the workspace can be
// a second name for a key anywhere on the disk, which os.Root cannot see;
// read_file refuses it, text or image, and still reads files with one name.
func TestReadFileRefusesHardLinks(t *testing.T) {
	dir, tl := newWS(t, map[string]string{"main.go": "package main\n"}, Config{})
	outside := t.TempDir()
	for name, content := range map[string]string{"id_ed25519": "-----BEGIN OPENSSH PRIVATE KEY-----\n", "photo.png": "\x89PNG\r\n\x1a\n"} {
		p := filepath.Join(outside, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Link(p, filepath.Join(dir, "linked-"+name)); err != nil {
			t.Skipf("no hard links here: %v", err)
		}
	}
	tests := []struct {
		path, want string // want "" reads
	}{
		{"main.go", ""},
		{"linked-id_ed25519", "linked-id_ed25519 is refused: it is a hard link"},
		{"linked-photo.png", "linked-photo.png is refused: it is a hard link"},
	}
	for _, tt := range tests {
		out, err := run(t, tl["read_file"], ReadFileParams{Path: tt.path})
		switch {
		case tt.want == "" && (err != nil || !strings.Contains(out, "package main")):
			t.Errorf("%s: %q, %v", tt.path, out, err)
		case tt.want != "" && (!errors.Is(err, workspace.ErrLinkedOut) || !strings.Contains(err.Error(), tt.want) || strings.Contains(out, "PRIVATE KEY")):
			t.Errorf("%s: %q, %v; want %q (ErrLinkedOut)", tt.path, out, err, tt.want)
		}
	}
}
