//go:build unix

package conversation

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
)

// SessionStart fires with Claude Code's sources (startup, compact after an
// automatic compaction, clear after /clear, resume after reopening) and
// PreCompact with the automatic trigger when a turn outgrows the window.
func TestSessionStartSourcesAndAutomaticPreCompact(t *testing.T) {
	logHook := func(field, prefix string) string {
		return `{"type":"command","command":"sed -n 's/.*\"` + field + `\":\"\\([a-z]*\\)\".*/` + prefix + `\\1/p' >> hooks.log; echo >> hooks.log"}`
	}
	c, ev, _, ws := newTrustedConversation(t, map[string]string{
		".claude/settings.json": `{"hooks":{"SessionStart":[{"hooks":[` + logHook("source", "start:") + `]}],` +
			`"PreCompact":[{"matcher":"auto","hooks":[` + logHook("trigger", "compact:") + `]}]}}`,
	}, true, text(strings.Repeat("a long answer ", 4000)), text("SUMMARY: one long answer."), text("two"), text("three"),
		text("four"), text("five"))
	store, err := session.Open(context.Background(), filepath.Join(t.TempDir(), "sessions.db"), session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	base := c.cfg.Settings
	c.cfg.Sessions = func() *session.Store { return store }
	c.cfg.Settings = func() settings.Settings {
		s := base()
		s.Models = map[string]settings.ModelOverride{"scripted-model": {Context: 16000}}
		return s
	}
	run := func(prompt string) {
		t.Helper()
		id, _, err := c.Send(prompt)
		if err != nil {
			t.Fatal(err)
		}
		ev.waitDone(t, id)
		waitIdle(t, c)
	}
	run("one")
	run("two") // outgrows the window: compacted automatically first
	run("three")
	stored := c.SessionID()
	run("/clear")
	run("four")
	if _, err := c.Reopen(context.Background(), stored); err != nil {
		t.Fatal(err)
	}
	run("five")
	b, _ := os.ReadFile(filepath.Join(ws, "hooks.log"))
	got := strings.Fields(string(b))
	// The reopened history holds the long answer again, so it is compacted again.
	want := []string{"start:startup", "compact:auto", "start:compact", "start:clear", "start:resume", "compact:auto"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("hooks ran as %v, want %v", got, want)
	}
}
