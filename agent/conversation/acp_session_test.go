package conversation

import (
	"context"
	"testing"

	"github.com/hearth-agent/hearth/agent/session"
)

// An adopted empty session records the conversation's turns; a
// conversation that already has one cannot adopt another.
func TestACPAdoptRecordsIntoTheSession(t *testing.T) {
	c, ev, store, ws := newConversation(t, text("Hi."))
	sess, err := store.Create(context.Background(), session.NewSession{Workspace: ws})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Adopt(sess.ID); err != nil {
		t.Fatal(err)
	}
	id, _, err := c.Send("hello")
	if err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id)
	if got := c.SessionID(); got != sess.ID {
		t.Fatalf("SessionID = %q, want the adopted %q", got, sess.ID)
	}
	tr, err := store.Load(context.Background(), sess.ID)
	if err != nil || len(tr.Messages) < 2 || tr.Messages[0].Text != "hello" {
		t.Fatalf("adopted session = %+v, %v; want the turn in it", tr, err)
	}
	if err := c.Adopt("another"); err == nil {
		t.Fatal("a conversation with a session adopted another")
	}
}
