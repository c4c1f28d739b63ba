//go:build unix

package conversation

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file command's expansion is the prompt UserPromptSubmit hooks see,
// and the turn then announces, and the model receives, the expansion with
// the hooks' context.
func TestCommandExpandsBeforePromptHooks(t *testing.T) {
	c, ev, rec, ws := newTrustedConversation(t, map[string]string{
		".claude/commands/greet.md": "Say hello to $ARGUMENTS EXPANDED-COMMAND",
		".claude/settings.json":     `{"hooks":{"UserPromptSubmit":[{"hooks":[{"type":"command","command":".claude/hooks/see.sh"}]}]}}`,
		".claude/hooks/see.sh":      "#!/bin/sh\ncat > \"$CLAUDE_PROJECT_DIR\"/seen.json\necho HOOK-CONTEXT\n",
	}, true, text("ok"))
	id, _, err := c.Send("/greet Ada")
	if err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id)
	seen, err := os.ReadFile(filepath.Join(ws, "seen.json"))
	if err != nil {
		t.Fatalf("the hook did not run: %v", err)
	}
	if !strings.Contains(string(seen), "Say hello to Ada EXPANDED-COMMAND") {
		t.Fatalf("the hook saw %s, want the command's expansion", seen)
	}
	var sent string
	for _, e := range ev.ofTurn(id) {
		if s, ok := e.(*TurnStarted); ok && s.Sent != "" {
			sent = s.Sent
		}
	}
	for _, got := range []string{sent, rec.body(0)} {
		if !strings.Contains(got, "Say hello to Ada EXPANDED-COMMAND") || !strings.Contains(got, "HOOK-CONTEXT") {
			t.Fatalf("sent %q, want the expansion and the hook's context", got)
		}
	}
}

// A built-in command runs no model, so the prompt's hooks do not run.
func TestBuiltinCommandRunsNoPromptHooks(t *testing.T) {
	c, ev, rec, ws := newTrustedConversation(t, map[string]string{
		".claude/settings.json": `{"hooks":{"UserPromptSubmit":[{"hooks":[{"type":"command","command":"touch canary"}]}]}}`,
	}, true)
	id, _, err := c.Send("/help")
	if err != nil {
		t.Fatal(err)
	}
	if d := ev.waitDone(t, id); !strings.Contains(d.Text, "Commands:") {
		t.Fatalf("/help answered %q", d.Text)
	}
	if _, err := os.Stat(filepath.Join(ws, "canary")); err == nil {
		t.Fatal("a built-in ran the prompt's hooks")
	}
	if rows := ev.hookRows(id); len(rows) != 0 || rec.body(0) != "" {
		t.Fatalf("hook rows %+v, request %q", rows, rec.body(0))
	}
}
