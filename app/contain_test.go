//go:build linux

package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/sandbox"
)

// TestChatRunsReadOnlyCommandsContained: in the desktop's own binary (cgo,
// the webview's libraries) a command run without asking is in the sandbox:
// it runs with the private temp dir only the sandbox gives.
func TestChatRunsReadOnlyCommandsContained(t *testing.T) {
	if !sandbox.Available().Active() {
		t.Skip("no Landlock on this kernel")
	}
	p := &scriptedProvider{replies: []string{
		toolReply("c1", "shell", `{"command":"echo tmp=$TMPDIR; cat in.txt"}`), textReply("Done."),
	}}
	a, rec, ws := chatApp(t, p, "ask")
	if err := os.WriteFile(filepath.Join(ws, "in.txt"), []byte("INSIDE"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.Chat.Send(a.shownID(), "look"); err != nil {
		t.Fatal(err)
	}
	fin := rec.waitFor(t, "tool_finished")
	out, _ := fin["output"].(string)
	rec.waitFor(t, "done")
	if !strings.Contains(out, "INSIDE") || !strings.Contains(out, "hearth-cmd-") {
		t.Fatalf("output %q", out)
	}
}
