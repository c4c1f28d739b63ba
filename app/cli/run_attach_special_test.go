//go:build unix

package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// An attachment that could block the run or carry a file from outside the
// workspace fails the run at once, naming the file, before the model is
// called. A FIFO with no writer would block an ordinary open forever.
func TestRunAttachRefusesSpecialAndLinkedFiles(t *testing.T) {
	ws := t.TempDir()
	secret := filepath.Join(t.TempDir(), "id_ed25519")
	if err := os.WriteFile(secret, []byte("-----BEGIN OPENSSH PRIVATE KEY-----"), 0o600); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(other, []byte("notes"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(ws, "pipe.png"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(ws, "diagram.png")); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(other, filepath.Join(ws, "notes.txt")); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ file, want string }{
		{"pipe.png", "pipe.png is a named pipe (FIFO), not a regular file"},
		{"/dev/zero", "/dev/zero is a character device, not a regular file"},
		{"diagram.png", "diagram.png is refused: it is a symbolic link that leads outside the workspace"},
		{"notes.txt", "notes.txt is refused: it is a hard link"},
	} {
		t.Run(filepath.Base(tt.file), func(t *testing.T) {
			file := tt.file
			if !filepath.IsAbs(file) {
				file = filepath.Join(ws, file)
			}
			s := newLLMServer(t)
			code, _, errOut := runCLI(t, context.Background(), nil, "--workspace", ws, "--provider", "openai-compatible",
				"--model", "m", "--base-url", s.srv.URL+"/v1", "--attach", file, "hi")
			if code != ExitUsage || !strings.Contains(errOut, "--attach: ") || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, %q; want %d and %q", code, errOut, ExitUsage, tt.want)
			}
			s.mu.Lock()
			defer s.mu.Unlock()
			if len(s.bodies) != 0 {
				t.Error("the model was called")
			}
		})
	}
}
