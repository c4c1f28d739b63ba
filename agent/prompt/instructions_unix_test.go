//go:build !windows

package prompt

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInstructionsNeverLeaveTheWorkspaceNorBlock: a cloned repository's
// AGENTS.md linking to a private file is not sent, a FIFO does not hang the
// turn, and the other instruction files still are read.
func TestInstructionsNeverLeaveTheWorkspaceNorBlock(t *testing.T) {
	ws, outside := t.TempDir(), t.TempDir()
	secret := filepath.Join(outside, "id_rsa")
	if err := os.WriteFile(secret, []byte("PRIVATE KEY"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(ws, "AGENTS.md")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(ws, "CLAUDE.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(ws, ".hearth"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, ".hearth", "instructions.md"), []byte("Answer in French."), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan string, 1)
	go func() {
		out, err := System(Data{Workspace: ws, OS: "linux", Date: time.Now()})
		if err != nil {
			out = "error: " + err.Error()
		}
		done <- out
	}()
	select {
	case out := <-done:
		if strings.Contains(out, "PRIVATE KEY") || strings.HasPrefix(out, "error:") {
			t.Fatalf("system prompt: %q", out)
		}
		if !strings.Contains(out, "Answer in French.") {
			t.Fatal("the workspace's own instructions were dropped")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a FIFO named CLAUDE.md blocked the system prompt")
	}
}
