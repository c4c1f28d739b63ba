//go:build unix

package conversation

import (
	"context"
	"fmt"
	"strings"
	"testing"
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
	tr, err := store.Load(context.Background(), c.SessionID())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range tr.Messages {
		for _, h := range m.Hooks {
			got = append(got, fmt.Sprintf("%s %s %d after=%q blocked=%v %s", m.Role, h.Event, h.ExitCode, h.After, h.Blocked, h.Output))
		}
	}
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
