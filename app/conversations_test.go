package app

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/internal/eventually"
)

// boardWatch keeps the conversations' states, the window titles and the
// notification clicks the app emitted, besides the chat events.
type boardWatch struct {
	*recorder
	mu     sync.Mutex
	states []ConversationState
	opened []OpenConversation
	titles []string
}

func (w *boardWatch) emit(name string, data any) {
	w.recorder.emit(name, data)
	w.mu.Lock()
	defer w.mu.Unlock()
	switch v := data.(type) {
	case []ConversationState:
		w.states = v
	case OpenConversation:
		w.opened = append(w.opened, v)
	}
}

func (w *boardWatch) stateOf(id string) ConversationState {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, s := range w.states {
		if s.ID == id {
			return s
		}
	}
	return ConversationState{}
}

// turnEvents are the chat events of turn, each with the conversation it
// came from.
func (r *recorder) turnEvents(turn string) []map[string]any { return r.where("turnId", turn) }

// Two conversations at once through the desktop: one waits for an
// approval while the other starts and finishes; every event names its
// conversation, the sidebar and the window title say which needs the
// person, and the notification's click opens that one, still running.
func TestConversationsRunSideBySide(t *testing.T) {
	p := &scriptedProvider{replies: []string{
		toolReply("call_1", "write_file", `{"path":"a.txt","content":"a\n"}`), // first's request
		textReply("Second done."), // second's
		textReply("First done."),  // first's, once approved
	}}
	a, _ := scriptedApp(t, p, "ask")
	w := &boardWatch{recorder: &recorder{}}
	a.setEmitter(w.emit)
	var titles []string
	var tmu sync.Mutex
	a.title = func(s string) { tmu.Lock(); titles = append(titles, s); tmu.Unlock() }
	var urgent []bool
	a.urgent = func(on bool) { tmu.Lock(); urgent = append(urgent, on); tmu.Unlock() }
	if _, err := a.h.Project.OpenWorkspace(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	notes := &shownNotes{}
	a.notes.use(notes)
	a.h.Shell.WindowFocused(false)

	first := a.shownID()
	r1, err := a.h.Chat.Send(first, "write a")
	if err != nil {
		t.Fatal(err)
	}
	req := w.waitFor(t, "approval_requested")
	eventually.True(t, "the first to need you", func() bool {
		s := w.stateOf(first)
		return s.State == StateNeedsYou && s.Waits == "approval" && s.SessionID != ""
	})
	second, err := a.h.Chat.NewChat()
	if err != nil || second == first || a.shownID() != second {
		t.Fatalf("NewChat = %q, %v; shown %q", second, err, a.shownID())
	}
	r2, err := a.h.Chat.Send(second, "say hi")
	if err != nil {
		t.Fatal(err)
	}
	eventually.True(t, "the second to finish", func() bool { return len(w.eventsOf("done")) == 1 })
	if !a.project().Running() || w.stateOf(first).State != StateNeedsYou {
		t.Fatalf("the first stopped waiting when the second ran: %+v", w.stateOf(first))
	}
	tmu.Lock()
	if len(titles) == 0 || titles[len(titles)-1] != "(1) Hearth — needs you" {
		t.Errorf("window titles %q, want the last to count one needing you", titles)
	}
	if !slices.Equal(urgent, []bool{true}) {
		t.Errorf("urgency hints %v, want one set while the first waits", urgent)
	}
	tmu.Unlock()
	for turn, conv := range map[string]string{r1.TurnID: first, r2.TurnID: second} {
		evs := w.turnEvents(turn)
		if len(evs) == 0 {
			t.Fatalf("no events of turn %s", turn)
		}
		for _, e := range evs {
			if e["conversationId"] != conv {
				t.Fatalf("turn %s's %s event names conversation %v, want %s", turn, e["type"], e["conversationId"], conv)
			}
		}
	}

	// The approval's notification names the first conversation, not the shown one.
	got := notes.waitFor(t, 1)
	if got[0].conv != first {
		t.Fatalf("the approval's notification opens %q, want %q", got[0].conv, first)
	}
	a.notificationClicked(got[0].conv)
	w.mu.Lock()
	opened := append([]OpenConversation(nil), w.opened...)
	w.mu.Unlock()
	if len(opened) != 1 || opened[0].Conversation != first || opened[0].Session == "" {
		t.Fatalf("the click opened %+v", opened)
	}
	view, err := a.h.Sessions.OpenSession(opened[0].Session)
	if err != nil || view.Conversation != first || a.shownID() != first {
		t.Fatalf("OpenSession = conversation %q, %v; shown %q; want the live %q", view.Conversation, err, a.shownID(), first)
	}
	if err := a.h.Chat.Approve(second, req["requestId"].(string), "allow_once", ""); err == nil {
		t.Fatal("the second conversation took the first's approval")
	}
	if err := a.h.Chat.Approve(first, req["requestId"].(string), "allow_once", ""); err != nil {
		t.Fatal(err)
	}
	eventually.NoError(t, "the first to finish", func() error {
		for _, d := range w.eventsOf("done") {
			if d["turnId"] == r1.TurnID && d["text"] == "First done." {
				return nil
			}
		}
		return fmt.Errorf("%d done events", len(w.eventsOf("done")))
	})
	eventually.True(t, "nothing to need you", func() bool {
		tmu.Lock()
		defer tmu.Unlock()
		return titles[len(titles)-1] == "Hearth" && slices.Equal(urgent, []bool{true, false})
	})
}

// A conversation that is neither shown nor busy is released, and opening
// its session again reloads it under a new id; one that runs is kept.
func TestIdleConversationsAreReleased(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("One.")}}
	a, rec, _ := chatApp(t, p, "ask")
	first := a.shownID()
	if _, err := a.h.Chat.Send(first, "one"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	eventually.True(t, "the first to go idle", func() bool { return !a.chat().Running() })
	session := a.chat().SessionID()
	if _, err := a.h.Chat.NewChat(); err != nil {
		t.Fatal(err)
	}
	if _, err := a.conversation(first); err == nil {
		t.Fatal("the idle first conversation is still held")
	}
	rec.mu.Lock()
	released := slices.Clone(rec.released)
	rec.mu.Unlock()
	if !slices.Equal(released, []string{first}) {
		t.Errorf("the window was told of released %v, want the first conversation %q", released, first)
	}
	if _, err := a.h.Chat.Send(first, "again"); err == nil {
		t.Fatal("a released conversation took a prompt")
	}
	view, err := a.h.Sessions.OpenSession(session)
	if err != nil || view.Conversation == "" || view.Conversation == first || len(view.Messages) < 2 {
		t.Fatalf("reopened as %q with %d messages, %v", view.Conversation, len(view.Messages), err)
	}
}
