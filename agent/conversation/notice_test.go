package conversation

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An instruction file refused (a hard link to a file elsewhere) is said
// once per conversation, not on every turn it stays refused.
func TestARefusedInstructionFileIsNoticedOnce(t *testing.T) {
	c, ev, _, ws := newConversation(t, text("one"), text("two"))
	outside := filepath.Join(t.TempDir(), "rules.md")
	if err := os.WriteFile(outside, []byte("secret rules\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(outside, filepath.Join(ws, "AGENTS.md")); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	sendDone(t, c, ev, "first")
	sendDone(t, c, ev, "second")
	ev.mu.Lock()
	defer ev.mu.Unlock()
	var about []string
	for _, n := range ev.notices {
		if strings.Contains(n.Error(), "AGENTS.md") {
			about = append(about, n.Error())
		}
	}
	if len(about) != 1 {
		t.Fatalf("notices about AGENTS.md over two turns: %q, want one", about)
	}
}
