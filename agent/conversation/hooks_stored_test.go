//go:build unix

package conversation

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// Every hook row of a turn is stored with the message it ran within, so a
// reopened session shows them: the prompt's hooks on the prompt, a tool's
// after its call, a Stop hook's at the end of the step it judged.
func TestHookRowsAreStoredWithTheTurn(t *testing.T) {
	c, ev, _, _ := newTrustedConversation(t, map[string]string{
		".claude/settings.json": `{"hooks":{
			"UserPromptSubmit":[{"hooks":[{"type":"command","command":"echo 'sprint 12'"}]}],
			"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":".claude/hooks/no-rm.sh"}]}],
			"Stop":[{"hooks":[{"type":"command","command":".claude/hooks/stop.sh"}]}]}}`,
		".claude/hooks/no-rm.sh": "#!/bin/sh\necho 'rm is not allowed' >&2\nexit 2\n",
		".claude/hooks/stop.sh":  "#!/bin/sh\nif grep -q '\"stop_hook_active\":true'; then exit 0; fi\necho 'run the tests' >&2\nexit 2\n",
	}, true, call("c1", "shell", `{"command":"rm x"}`), text("Blocked."), text("Done."))
	store := withStore(t, c)
	id, _, err := c.Send("clean up")
	if err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id)
	waitIdle(t, c)
	if n := len(ev.hookRows(id)); n != 4 {
		t.Fatalf("%d live hook rows, want 4", n)
	}
	tr, got := storedHookRows(t, store, c.SessionID())
	want := []string{
		`user UserPromptSubmit 0 after="" blocked=false sprint 12`,
		`assistant PreToolUse 2 after="c1" blocked=true rm is not allowed`,
		`assistant Stop 2 after="" blocked=true run the tests`,
		`assistant Stop 0 after="" blocked=false `,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("stored hook rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, m := range tr.Messages {
		if m.Role == "assistant" && m.Text != "" && len(m.Hooks) > 0 && m.Hooks[0].TextOffset != len(m.Text) {
			t.Errorf("the Stop hook on %q is at offset %d, want after the text", m.Text, m.Hooks[0].TextOffset)
		}
	}
}

// A Notification hook runs when the agent waits for the person's approval,
// with the message on its stdin, and shows as a row of the turn, stored
// with the step that waited, after the call it waited on.
func TestNotificationHookRunsWhileAnApprovalWaits(t *testing.T) {
	c, ev, _, ws := newTrustedConversation(t, map[string]string{
		".claude/settings.json": `{"hooks":{"Notification":[{"hooks":[{"type":"command","command":"cat > notified.json"}]}]}}`,
	}, true, call("w1", "write_file", `{"path":"x.txt","content":"x\n"}`), text("ok"))
	if err := c.SetMode(ModeAsk); err != nil {
		t.Fatal(err)
	}
	store := withStore(t, c)
	id, _, err := c.Send("write x")
	if err != nil {
		t.Fatal(err)
	}
	var req *ApprovalRequested
	var got []byte
	// The row is awaited too, so the approval is answered while it waits.
	eventually.True(t, "the approval request, the notification file and its hook row", func() bool {
		for _, e := range ev.inTurn(id) {
			if a, ok := e.(*ApprovalRequested); ok {
				req = a
			}
		}
		got, _ = os.ReadFile(filepath.Join(ws, "notified.json"))
		return req != nil && len(got) > 0 && len(ev.hookRows(id)) > 0
	})
	if !strings.Contains(string(got), `"hook_event_name":"Notification"`) || !strings.Contains(string(got), "needs your permission to use write_file") {
		t.Fatalf("the Notification hook read %q", got)
	}
	if err := c.Approve(req.RequestID, "deny", ""); err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id)
	rows := ev.hookRows(id)
	if len(rows) != 1 || rows[0].Event != "Notification" || rows[0].ExitCode != 0 {
		t.Fatalf("hook rows = %+v", rows)
	}
	waitIdle(t, c)
	_, stored := storedHookRows(t, store, c.SessionID())
	if want := `assistant Notification 0 after="w1" blocked=false `; strings.Join(stored, "\n") != want {
		t.Fatalf("stored hook rows = %q, want %q", stored, want)
	}
}

// storedHookRows loads session id and describes each stored hook run, in
// order, with the role of the message it is kept with.
func storedHookRows(t *testing.T, store *session.Store, id string) (*session.Transcript, []string) {
	t.Helper()
	tr, err := store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, m := range tr.Messages {
		for _, h := range m.Hooks {
			rows = append(rows, fmt.Sprintf("%s %s %d after=%q blocked=%v %s", m.Role, h.Event, h.ExitCode, h.After, h.Blocked, h.Output))
		}
	}
	return tr, rows
}
