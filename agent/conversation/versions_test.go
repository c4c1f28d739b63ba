package conversation

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
)

// newVersionedConversation is newRecordedConversation with its store, in
// auto mode.
func newVersionedConversation(t *testing.T, replies ...string) (*Conversation, *events, *bodyRecorder, *session.Store, string) {
	t.Helper()
	c, ev, store, ws := newConversation(t)
	rec := &bodyRecorder{script: script{replies: replies}}
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)
	st := c.cfg.Settings()
	st.Custom = []settings.CustomEndpoint{{Name: "script", BaseURL: srv.URL + "/v1"}}
	c.cfg.Settings = func() settings.Settings { return st }
	return c, ev, rec, store, ws
}

// messagesSent is the text of request i's messages, joined.
func (r *bodyRecorder) messagesSent(i int) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	b, _ := json.Marshal(r.bodies[i]["messages"])
	return string(b)
}

// resendDone regenerates turnID as a new version, waits for its Done and
// for the conversation to be idle, and returns the new version.
func resendDone(t *testing.T, c *Conversation, ev *events, turnID string) Resent {
	t.Helper()
	r, err := c.ResendVersion(turnID, "")
	if err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, r.TurnID)
	waitIdle(t, c)
	return r
}

func rows(t *testing.T, store *session.Store, ws string) int {
	t.Helper()
	list, err := store.List(context.Background(), session.ListOptions{Workspace: ws})
	if err != nil {
		t.Fatal(err)
	}
	return len(list)
}

// Regenerate then Edit leave one stored conversation whose turn has three
// versions; switching to the first shows its answer and makes it the
// history the next request continues from.
func TestRegenerateThenEditMakeOneSessionWithThreeVersions(t *testing.T) {
	c, ev, rec, store, ws := newVersionedConversation(t,
		text("answer one"), text("answer two"), text("answer three"), text("after one"))
	ctx := context.Background()
	first := sendDone(t, c, ev, "pick a fruit").TurnID

	second := resendDone(t, c, ev, first)
	if second.Version != 2 || second.Versions != 2 {
		t.Fatalf("regenerated turn is version %d of %d, want 2 of 2", second.Version, second.Versions)
	}
	third, err := c.ResendVersion(second.TurnID, "pick a vegetable")
	if err != nil {
		t.Fatal(err)
	}
	if third.Version != 3 || third.Versions != 3 {
		t.Fatalf("edited turn is version %d of %d, want 3 of 3", third.Version, third.Versions)
	}
	if d := ev.waitDone(t, third.TurnID); d.Text != "answer three" {
		t.Fatalf("edited turn answered %q", d.Text)
	}
	waitIdle(t, c)
	if n := rows(t, store, ws); n != 1 {
		t.Fatalf("%d sessions listed after regenerate and edit, want 1", n)
	}
	tr, err := store.Load(ctx, c.SessionID())
	if err != nil {
		t.Fatal(err)
	}
	if p := tr.Messages[0]; p.Text != "pick a vegetable" || p.Version != 3 || p.Versions != 3 {
		t.Fatalf("stored prompt %q is version %d of %d, want the edit, 3 of 3", p.Text, p.Version, p.Versions)
	}

	r, err := c.SwitchVersion(ctx, third.TurnID, 1)
	if err != nil {
		t.Fatal(err)
	}
	m := r.Transcript.Messages
	if len(m) != 2 || m[0].Text != "pick a fruit" || m[1].Text != "answer one" || m[0].Version != 1 || m[0].Versions != 3 {
		t.Fatalf("version 1 reads %+v", m)
	}
	sendDone(t, c, ev, "why that one?")
	sent := rec.messagesSent(3)
	if !strings.Contains(sent, "answer one") || strings.Contains(sent, "answer three") || strings.Contains(sent, "vegetable") {
		t.Fatalf("the next request did not continue version 1: %s", sent)
	}
	if n := rows(t, store, ws); n != 1 {
		t.Fatalf("%d sessions listed after switching, want 1", n)
	}
	// The version switcher can take the turn (now a stored one) back to 3.
	back, err := c.SwitchVersion(ctx, fmt.Sprintf("m%d", m[0].ID), 3)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Transcript.Messages; len(got) != 2 || got[1].Text != "answer three" {
		t.Fatalf("version 3 reads %+v", got)
	}
	if _, err := c.SwitchVersion(ctx, fmt.Sprintf("m%d", back.Transcript.Messages[0].ID), 4); err == nil {
		t.Fatal("switched to a version the turn does not have")
	}
}

// Forking is explicit: a new row titled "… (fork)" holding the turns up to
// the one forked.
func TestForkTurnAddsOneRowTitledFork(t *testing.T) {
	c, ev, _, store, ws := newVersionedConversation(t, text("one"), text("two"))
	first := sendDone(t, c, ev, "first").TurnID
	sendDone(t, c, ev, "second")
	orig := c.SessionID()
	r, err := c.ForkTurn(context.Background(), first)
	if err != nil {
		t.Fatal(err)
	}
	s := r.Transcript.Session
	if s.ID == orig || s.ParentID != orig || !strings.HasSuffix(s.Title, " (fork)") || c.SessionID() != s.ID {
		t.Fatalf("fork = %+v (current %s)", s, c.SessionID())
	}
	if got := r.Transcript.Messages; len(got) != 2 || got[1].Text != "one" {
		t.Fatalf("fork holds %+v", got)
	}
	if n := rows(t, store, ws); n != 2 {
		t.Fatalf("%d rows after a fork, want 2", n)
	}
}

// No path but an explicit fork or a new conversation adds a sidebar row: a
// retry after a failure, compaction, a plan's approval and a command keep
// the one (#42).
func TestNoOtherPathAddsASessionRow(t *testing.T) {
	plan := "## Steps\n1. Say hello\n"
	c, ev, _, store, ws := newVersionedConversation(t,
		refuse, text("hello"),
		call("p1", "propose_plan", mustJSON(t, map[string]string{"plan": plan})), text("Plan proposed."),
		text("Done."), text("a summary of it all"))
	ctx := context.Background()
	check := func(after string) {
		t.Helper()
		if n := rows(t, store, ws); n != 1 {
			t.Fatalf("%d rows after %s, want 1", n, after)
		}
	}
	id := sendDone(t, c, ev, "hi").TurnID
	check("a failed turn")
	again, _, err := c.Resend(id, "")
	if err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, again)
	waitIdle(t, c)
	check("retrying it")
	if err := c.SetMode(ModePlan); err != nil {
		t.Fatal(err)
	}
	id = sendDone(t, c, ev, "plan it").TurnID
	instruction, err := c.ApprovePlan(ModeEdits)
	if err != nil {
		t.Fatal(err)
	}
	id = sendDone(t, c, ev, instruction).TurnID
	check("approving a plan")
	id = sendDone(t, c, ev, "/help").TurnID
	check("a command")
	if _, err := c.Compact(ctx); err != nil {
		t.Fatal(err)
	}
	check("compacting")
}

// Undo works on the shown branch: after switching back to version 1, its
// turn lists its own change and undoing it restores the file.
func TestUndoOnTheShownVersion(t *testing.T) {
	c, ev, _, _, ws := newVersionedConversation(t,
		call("w1", "write_file", `{"path":"a.txt","content":"one\n"}`), text("Wrote a."),
		call("w2", "write_file", `{"path":"b.txt","content":"two\n"}`), text("Wrote b."))
	ctx := context.Background()
	first := sendDone(t, c, ev, "write a file").TurnID
	second := resendDone(t, c, ev, first)
	r, err := c.SwitchVersion(ctx, second.TurnID, 1)
	if err != nil {
		t.Fatal(err)
	}
	id := fmt.Sprintf("m%d", r.Transcript.Messages[0].ID)
	if u, ok := r.Undo[id]; !ok || len(u.Files) != 1 || !strings.HasSuffix(u.Files[0], "a.txt") {
		t.Fatalf("version 1's undo = %+v (all %+v)", u, r.Undo)
	}
	if _, err := c.UndoTurn(ctx, id, false); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(ws, "a.txt")); !os.IsNotExist(err) {
		t.Error("undoing version 1 left a.txt")
	}
	if _, err := os.Stat(filepath.Join(ws, "b.txt")); err != nil {
		t.Errorf("undoing version 1 touched version 2's file: %v", err)
	}
}
