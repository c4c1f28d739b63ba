//go:build !windows

package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunWarnsOfRefusedInstructions: an AGENTS.md hard-linked to a file
// outside the workspace is not sent, and the person is told why.
func TestRunWarnsOfRefusedInstructions(t *testing.T) {
	ws, outside := t.TempDir(), t.TempDir()
	secret := filepath.Join(outside, "id_rsa")
	if err := os.WriteFile(secret, []byte("PRIVATE KEY"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(secret, filepath.Join(ws, "AGENTS.md")); err != nil {
		t.Skipf("cannot hard-link here: %v", err)
	}
	s := newLLMServer(t, textReply("ok"))
	code, _, errOut := runCLI(t, context.Background(), nil, "--workspace", ws, "--provider", "openai-compatible",
		"--model", "local", "--base-url", s.srv.URL+"/v1", "hello")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if want := "hearth run: warning: AGENTS.md was not given to the model: it is a hard link"; !strings.Contains(errOut, want) {
		t.Errorf("stderr %q lacks %q", errOut, want)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sent, _ := json.Marshal(s.bodies[0])
	if strings.Contains(string(sent), "PRIVATE KEY") {
		t.Error("the linked file reached the provider")
	}
}
