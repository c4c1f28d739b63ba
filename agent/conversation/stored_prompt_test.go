//go:build unix

package conversation

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/session"
)

// withStore gives c a sessions store before its first turn.
func withStore(t *testing.T, c *Conversation) *session.Store {
	t.Helper()
	store, err := session.Open(context.Background(), filepath.Join(t.TempDir(), "sessions.db"), session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	c.cfg.Sessions = func() *session.Store { return store }
	return store
}

// A slash command is stored as typed with its expansion beside it, and a
// Stop hook's instruction is stored as the hook's, so reopening shows both
// and the model's history is what it was sent.
func TestStoredPromptsKeepTheCommandAsTypedAndTheStopHook(t *testing.T) {
	c, ev, rec, _ := newTrustedConversation(t, map[string]string{
		".claude/commands/review.md": "Review $1 for bugs.",
		".claude/settings.json":      `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":".claude/hooks/stop.sh"}]}]}}`,
		".claude/hooks/stop.sh":      "#!/bin/sh\nif grep -q '\"stop_hook_active\":true'; then exit 0; fi\necho 'run the tests' >&2\nexit 2\n",
	}, true, text("Looks fine."), text("Tests pass."), text("Again fine."))
	store := withStore(t, c)
	id, _, err := c.Send("/review foo.go")
	if err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id)
	waitIdle(t, c)
	tr, err := store.Load(context.Background(), c.SessionID())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range tr.Messages {
		got = append(got, string(m.Role)+"|"+m.Typed+"|"+m.Origin+"|"+m.Text)
	}
	want := []string{
		"user|/review foo.go||Review foo.go for bugs.",
		"assistant|||Looks fine.",
		"user||hook:Stop|A Stop hook asks you to go on: run the tests",
		"assistant|||Tests pass.",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("stored:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	re, err := c.Reopen(context.Background(), c.SessionID())
	if err != nil {
		t.Fatal(err)
	}
	if len(re.Undo) > 1 {
		t.Errorf("the hook's message counts as a turn of its own: %v", re.Undo)
	}
	c.mu.Lock()
	marks := append([]turnMark(nil), c.turns...)
	c.mu.Unlock()
	if len(marks) != 1 || marks[0].prompt != "/review foo.go" {
		t.Errorf("turns after reopening = %+v, want the one typed", marks)
	}
	next, _, _ := c.Send("and again")
	ev.waitDone(t, next)
	body := rec.body(2)
	for _, s := range []string{"Review foo.go for bugs.", "A Stop hook asks you to go on: run the tests", "Tests pass."} {
		if !strings.Contains(body, s) {
			t.Errorf("the reopened history sent lacks %q: %s", s, body)
		}
	}
	if strings.Contains(body, `"/review foo.go"`) {
		t.Errorf("the model was sent the command as typed, not its expansion: %s", body)
	}
}
