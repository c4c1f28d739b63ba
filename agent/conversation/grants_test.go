package conversation

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/internal/eventually"
)

// waitApproval waits for turnID's next unanswered approval request.
func (e *events) waitApproval(t *testing.T, turnID string, seen map[string]bool) *ApprovalRequested {
	t.Helper()
	var req *ApprovalRequested
	eventually.True(t, "turn "+turnID+" to ask for an approval", func() bool {
		e.mu.Lock()
		defer e.mu.Unlock()
		for _, ev := range e.list {
			if a, ok := ev.(*ApprovalRequested); ok && a.TurnID == turnID && !seen[a.RequestID] {
				req = a
				break
			}
		}
		return req != nil
	})
	seen[req.RequestID] = true
	return req
}

func (e *events) approvals(turnID string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, ev := range e.list {
		if a, ok := ev.(*ApprovalRequested); ok && a.TurnID == turnID {
			n++
		}
	}
	return n
}

// "Allow for session" lasts as long as the conversation: the next turn
// of the same chat edits without asking, a new chat asks again.
func TestSessionGrantEndsWithTheConversation(t *testing.T) {
	c, ev, _, ws := newConversationIn(t, "ask",
		call("c1", "write_file", `{"path":"a.txt","content":"a\n"}`), text("one"),
		call("c2", "write_file", `{"path":"b.txt","content":"b\n"}`), text("two"),
		call("c3", "write_file", `{"path":"c.txt","content":"c\n"}`), text("three"))
	seen := map[string]bool{}

	first, _, err := c.Send("write a")
	if err != nil {
		t.Fatal(err)
	}
	req := ev.waitApproval(t, first, seen)
	if req.Headline != "This creates a.txt" {
		t.Errorf("the card's headline is %q, want it to say the file it creates", req.Headline)
	}
	if err := c.Approve(req.RequestID, "allow_session", ""); err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, first)
	waitIdle(t, c)

	second, _, _ := c.Send("write b")
	ev.waitDone(t, second)
	waitIdle(t, c)
	if n := ev.approvals(second); n != 0 {
		t.Errorf("the same chat asked %d times after allow for session", n)
	}
	if f := ev.toolFinished(second); len(f) != 1 || f[0].AllowedBy == nil || *f[0].AllowedBy != (Allowance{By: "session", Detail: "**"}) {
		t.Errorf("the granted call's row %+v does not say the session grant allowed it", f)
	}
	if f := ev.toolFinished(first); len(f) != 1 || f[0].AllowedBy != nil {
		t.Errorf("the call the user answered says it was auto-allowed: %+v", f)
	}
	if _, err := os.Stat(filepath.Join(ws, "b.txt")); err != nil {
		t.Errorf("the granted edit did not happen: %v", err)
	}

	if err := c.Clear(); err != nil {
		t.Fatal(err)
	}
	third, _, _ := c.Send("write c")
	req = ev.waitApproval(t, third, seen)
	if err := c.Approve(req.RequestID, "deny", ""); err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, third)
	if _, err := os.Stat(filepath.Join(ws, "c.txt")); !os.IsNotExist(err) {
		t.Errorf("a new chat edited with the old chat's grant: %v", err)
	}
}
