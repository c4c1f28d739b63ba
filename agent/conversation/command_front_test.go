package conversation

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A command's front matter runs its turn on its model with its
// allowed-tools unasked; the next turn is back on the conversation's model
// and asks again.
func TestCommandModelAndAllowedToolsLastOneTurn(t *testing.T) {
	c, ev, rec, ws := newTrustedConversation(t, map[string]string{
		".claude/commands/note.md": "---\nmodel: fast-model\nallowed-tools: Write, Bash(git status:*), NotebookEdit\n---\nWrite a note named $1",
	}, true,
		call("c1", "write_file", `{"path":"a.txt","content":"a\n"}`), text("one"),
		call("c2", "write_file", `{"path":"b.txt","content":"b\n"}`), text("two"))
	run := func(prompt string) string {
		id, _, err := c.Send(prompt)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	ev.waitDone(t, run("/mode ask"))
	first := run("/note a.txt")
	ev.waitDone(t, first)
	waitIdle(t, c)
	if n := ev.approvals(first); n != 0 {
		t.Errorf("the command's allowed tool asked %d times", n)
	}
	if _, err := os.Stat(filepath.Join(ws, "a.txt")); err != nil {
		t.Errorf("the allowed write did not happen: %v", err)
	}
	if !strings.Contains(rec.body(0), `"model":"fast-model"`) {
		t.Errorf("the command's turn ran on another model: %s", rec.body(0))
	}
	ev.mu.Lock()
	notices := append([]error(nil), ev.notices...)
	ev.mu.Unlock()
	if len(notices) != 1 || !strings.Contains(notices[0].Error(), "NotebookEdit") {
		t.Errorf("notices = %v, want one naming the entry Hearth cannot map", notices)
	}

	second := run("write b")
	req := ev.waitApproval(t, second, map[string]bool{})
	if err := c.Approve(req.RequestID, "deny", ""); err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, second)
	if _, err := os.Stat(filepath.Join(ws, "b.txt")); !os.IsNotExist(err) {
		t.Errorf("the next turn kept the command's allowance: %v", err)
	}
	if strings.Contains(rec.body(2), `"model":"fast-model"`) {
		t.Errorf("the next turn stayed on the command's model")
	}
}

// An untrusted workspace's command cannot let tools run unasked: it is
// held like one with ! lines, and its write asks.
func TestUntrustedCommandAllowedToolsDoNotWiden(t *testing.T) {
	c, ev, _, ws := newTrustedConversation(t, map[string]string{
		".claude/commands/note.md": "---\nallowed-tools:\n  - Write\n---\nWrite a note named $1",
	}, false, call("c1", "write_file", `{"path":"a.txt","content":"a\n"}`), text("one"))
	id, _, _ := c.Send("/mode ask")
	ev.waitDone(t, id)
	first, _, _ := c.Send("/note a.txt")
	req := ev.waitApproval(t, first, map[string]bool{})
	if err := c.Approve(req.RequestID, "deny", ""); err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, first)
	if _, err := os.Stat(filepath.Join(ws, "a.txt")); !os.IsNotExist(err) {
		t.Errorf("an untrusted command's allowed-tools let a write run: %v", err)
	}
}
