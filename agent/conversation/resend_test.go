package conversation

import (
	"context"
	"fmt"
	"testing"

	"github.com/hearth-agent/hearth/agent/session"
)

// Retrying a failed turn runs it again in the same stored conversation,
// so the sidebar shows one row; regenerating an answered first turn keeps
// the old answer as an earlier version in that conversation, also one row.
func TestResendAFailedTurnReusesItsSession(t *testing.T) {
	tests := []struct {
		name      string
		first     string
		reopen    bool // retry from the conversation as reopened from storage
		wantRows  int
		wantTexts []string // the newest conversation's messages
	}{
		{"failed first turn", refuse, false, 1, []string{"hi", "hello"}},
		{"answered first turn", text("first try"), false, 1, []string{"hi", "hello"}},
		{"failed first turn, reopened", refuse, true, 1, []string{"hi", "hello"}},
		{"answered first turn, reopened", text("first try"), true, 1, []string{"hi", "hello"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, ev, store, ws := newConversation(t, tc.first, text("hello"))
			first, _, err := c.Send("hi")
			if err != nil {
				t.Fatal(err)
			}
			ev.waitDone(t, first)
			waitIdle(t, c)
			if tc.reopen {
				r, err := c.Reopen(context.Background(), c.SessionID())
				if err != nil {
					t.Fatal(err)
				}
				first = fmt.Sprintf("m%d", r.Transcript.Messages[0].ID)
			}
			again, _, err := c.Resend(first, "")
			if err != nil {
				t.Fatal(err)
			}
			if d := ev.waitDone(t, again); d.Text != "hello" {
				t.Fatalf("the retried turn answered %q", d.Text)
			}
			waitIdle(t, c)
			ctx := context.Background()
			rows, err := store.List(ctx, session.ListOptions{Workspace: ws})
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != tc.wantRows {
				t.Fatalf("%d sessions listed, want %d", len(rows), tc.wantRows)
			}
			tr, err := store.Load(ctx, c.SessionID())
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range tr.Messages {
				got = append(got, m.Text)
			}
			if len(got) != len(tc.wantTexts) || got[0] != tc.wantTexts[0] || got[1] != tc.wantTexts[1] {
				t.Fatalf("stored messages %q, want %q", got, tc.wantTexts)
			}
		})
	}
}
