package app

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/notify"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// shownNotes keeps what the app asked to show.
type shownNotes struct {
	mu  sync.Mutex
	got []shownNote
}

type shownNote struct {
	m    notify.Message
	conv string
}

func (s *shownNotes) Notify(_ context.Context, m notify.Message, conv string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.got = append(s.got, shownNote{m, conv})
	return nil
}

func (s *shownNotes) list() []shownNote {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]shownNote(nil), s.got...)
}

func (s *shownNotes) waitFor(t *testing.T, n int) []shownNote {
	t.Helper()
	eventually.True(t, "the notifications", func() bool { return len(s.list()) >= n })
	return s.list()
}

func TestNotifiesApprovalAndFinishWhileBlurred(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("call_1", "write_file", `{"path":"notes/secret.txt","content":"hi from the agent\n"}`),
		textReply("Wrote it."),
	}}
	a, rec, _ := chatApp(t, p, "ask")
	notes := &shownNotes{}
	a.notes.use(notes)
	a.h.Shell.WindowFocused(false)
	if _, err := a.h.Chat.Send(a.shownID(), "write a file"); err != nil {
		t.Fatal(err)
	}
	req := rec.waitFor(t, "approval_requested")
	got := notes.waitFor(t, 1)
	id := a.chat().SessionID()
	sess, err := a.sessions().Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if got[0].m != (notify.Message{Summary: sess.Title, Body: "Needs your approval"}) || got[0].conv != a.shownID() {
		t.Errorf("approval notification = %+v, want %q / Needs your approval for %s", got[0], sess.Title, a.shownID())
	}
	if err := a.h.Chat.Approve(a.shownID(), req["requestId"].(string), "allow_once", ""); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	got = notes.waitFor(t, 2)
	if got[1].m.Body != "Finished" {
		t.Errorf("then %+v, want Finished", got[1])
	}
	for _, n := range got {
		if s := n.m.Summary + n.m.Body; strings.Contains(s, "secret.txt") || strings.Contains(s, "hi from") || strings.Contains(s, "Wrote it") {
			t.Errorf("a path or model text reached the notification: %+v", n)
		}
	}
}

func TestQuietWhileFocusedAndPerKind(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("one"), textReply("two")}}
	a, rec, _ := chatApp(t, p, "ask")
	notes := &shownNotes{}
	a.notes.use(notes)
	if _, err := a.h.Chat.Send(a.shownID(), "first"); err != nil { // focused: the window starts so
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	a.h.Shell.WindowFocused(false)
	if _, err := a.h.Settings.SetNotifications(NotificationsView{Finished: false, Failed: true, NeedsYou: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.Chat.Send(a.shownID(), "second"); err != nil {
		t.Fatal(err)
	}
	eventually.True(t, "two done events", func() bool { return strings.Count(strings.Join(rec.types(), " "), "done") == 2 })
	// A failed turn (the script has no third reply) notifies: failed is on.
	if _, err := a.h.Chat.Send(a.shownID(), "third"); err != nil {
		t.Fatal(err)
	}
	got := notes.waitFor(t, 1)
	if len(got) != 1 || got[0].m.Body != "Failed" {
		t.Errorf("notifications %+v, want only the failure", got)
	}
	if v := a.h.Settings.GetSettings().Notifications; v != (NotificationsView{Failed: true, NeedsYou: true}) {
		t.Errorf("settings show %+v", v)
	}
}

func TestNotificationClickOpensTheConversation(t *testing.T) {
	a, _ := newTestApp(t, nil)
	var opened []any
	a.setEmitter(func(name string, data any) {
		if name == OpenConversationEventName {
			opened = append(opened, data)
		}
	})
	raised := 0
	a.notes.raise = func() { raised++ }
	a.board.stored("c-7", "s-7")
	a.notificationClicked("c-7")
	if raised != 1 || len(opened) != 1 || opened[0] != (OpenConversation{Conversation: "c-7", Session: "s-7"}) {
		t.Errorf("raised %d, opened %v", raised, opened)
	}
}

func TestObserveEndsATurnOnce(t *testing.T) {
	h := conversation.Header{TurnID: "t1"}
	tests := []struct {
		name   string
		events []conversation.Event
		want   notify.Kind // "" for none
	}{
		{"done", []conversation.Event{&conversation.Done{Header: h}}, notify.Finished},
		{"stopped", []conversation.Event{&conversation.Done{Header: h, Stopped: true}}, ""},
		{"failed", []conversation.Event{&conversation.TurnError{Header: h, Message: "x"}, &conversation.Done{Header: h}}, notify.Failed},
		{"plan", []conversation.Event{&conversation.Plan{Header: h}, &conversation.Done{Header: h}}, notify.PlanReady},
		{"plan then failure", []conversation.Event{&conversation.TurnError{Header: h}, &conversation.Plan{Header: h}, &conversation.Done{Header: h}}, notify.Failed},
		{"question", []conversation.Event{&conversation.ElicitationRequested{Header: h}}, notify.NeedsAnswer},
		{"text", []conversation.Event{&conversation.Text{Header: h}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var n notifications
			var kinds []notify.Kind
			for _, e := range tt.events {
				if ev, ok := n.observe(e); ok {
					kinds = append(kinds, ev.Kind)
				}
			}
			if tt.want == "" && len(kinds) != 0 || tt.want != "" && (len(kinds) != 1 || kinds[0] != tt.want) {
				t.Errorf("kinds %v, want %q", kinds, tt.want)
			}
			if len(n.ending) != 0 {
				t.Errorf("kept %v after done", n.ending)
			}
		})
	}
}
