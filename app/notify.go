package app

import (
	"context"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/notify"
	"github.com/hearth-agent/hearth/agent/settings"
)

// OpenConversationEventName is emitted with an OpenConversation when the
// person clicks a notification: the frontend opens that conversation.
const OpenConversationEventName = "open-conversation"

// notifier shows a desktop notification whose click opens conversation
// (notify.DBus on Linux).
type notifier interface {
	Notify(ctx context.Context, m notify.Message, conversation string) error
}

// notifyTimeout bounds one notification: a stuck service never holds a goroutine long.
const notifyTimeout = 10 * time.Second

// notifications tell the person about turns while the window is not
// focused.
type notifications struct {
	mu      sync.Mutex
	n       notifier // nil: none on this machine
	blurred bool     // the window starts focused: nothing is shown until it loses focus
	// ending is what a turn ended as before its done event (failed, or
	// waiting on a plan), by turn id.
	ending map[string]notify.Event
	// raise brings the window to the front (the Wails runtime; a no-op in tests).
	raise func()
}

func (n *notifications) use(x notifier) {
	n.mu.Lock()
	n.n = x
	n.mu.Unlock()
}

// focused records whether the window has the focus.
func (n *notifications) focused(yes bool) {
	n.mu.Lock()
	n.blurred = !yes
	n.mu.Unlock()
}

// observe turns a chat event into a notification moment, if it is one:
// a done turn (as finished, failed, or with a plan), an approval, a question.
func (n *notifications) observe(e conversation.Event) (notify.Event, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	switch e := e.(type) {
	case *conversation.TurnError:
		n.end(e.TurnID, notify.Event{Kind: notify.Failed, Detail: e.Message})
	case *conversation.Plan:
		n.end(e.TurnID, notify.Event{Kind: notify.PlanReady, Detail: e.Markdown})
	case *conversation.ApprovalRequested:
		detail := e.Headline
		if detail == "" {
			detail = e.Detail
		}
		return notify.Event{Kind: notify.NeedsApproval, Detail: detail}, true
	case *conversation.ElicitationRequested:
		return notify.Event{Kind: notify.NeedsAnswer, Detail: e.Message}, true
	case *conversation.Done:
		ev, ok := n.ending[e.TurnID]
		delete(n.ending, e.TurnID)
		if ok {
			return ev, true
		}
		if e.Stopped { // the person stopped it: they know
			return notify.Event{}, false
		}
		return notify.Event{Kind: notify.Finished, Detail: e.Text}, true
	}
	return notify.Event{}, false
}

// end keeps what turn ended as until its done event; a failure outranks a plan.
func (n *notifications) end(turn string, ev notify.Event) {
	if n.ending == nil {
		n.ending = map[string]notify.Event{}
	}
	if prev, ok := n.ending[turn]; ok && prev.Kind == notify.Failed {
		return
	}
	n.ending[turn] = ev
}

// active is the notifier when the window is not focused.
func (n *notifications) active() notifier {
	n.mu.Lock()
	defer n.mu.Unlock()
	if !n.blurred {
		return nil
	}
	return n.n
}

// chatEvent notifies of conversation conv's e when it is a moment the
// person wants told; a click opens that conversation.
func (a *App) chatEvent(conv string, e conversation.Event) {
	ev, ok := a.notes.observe(e)
	if !ok {
		return
	}
	x := a.notes.active()
	prefs := notifyPrefs(a.deps.Settings.Get().Notifications)
	if x == nil || !prefs.Wants(ev.Kind) {
		return
	}
	ev.Conversation = conv
	go func() { // never holds up the chat stream
		ctx, cancel := context.WithTimeout(context.Background(), notifyTimeout)
		defer cancel()
		ev.Title = a.sessionTitle(ctx, a.board.session(conv))
		_ = x.Notify(ctx, notify.Compose(ev, prefs.Details), ev.Conversation)
	}()
}

func (a *App) sessionTitle(ctx context.Context, id string) string {
	s := a.sessions()
	if s == nil || id == "" {
		return ""
	}
	sess, err := s.Get(ctx, id)
	if err != nil {
		return ""
	}
	return sess.Title
}

// OpenConversation names the conversation a notification was about: its
// live id and the session it is saved to (by which the frontend reopens
// it if it was released meanwhile).
type OpenConversation struct {
	Conversation string `json:"conversationId"`
	Session      string `json:"sessionId"`
}

// notificationClicked brings the window forward on the conversation.
func (a *App) notificationClicked(conversation string) {
	if a.notes.raise != nil {
		a.notes.raise()
	}
	a.emit(OpenConversationEventName, OpenConversation{Conversation: conversation, Session: a.board.session(conversation)})
}

func notifyPrefs(s settings.Notifications) notify.Prefs {
	return notify.Prefs{Finished: !s.FinishedOff, Failed: !s.FailedOff, NeedsYou: !s.NeedsYouOff, Details: s.Details}
}

// WindowFocused tells the app whether the window has the focus; the
// frontend calls it on focus and blur, and notifications stay quiet while
// it is focused. Regaining it has the trust strip look again.
func (a *Shell) WindowFocused(focused bool) {
	a.notes.focused(focused)
	if focused {
		a.emit(TrustEventName, nil)
	}
}

// NotificationsView is what Settings shows of the notifications: which
// kinds notify, and whether they carry details.
type NotificationsView struct {
	Finished bool `json:"finished"`
	Failed   bool `json:"failed"`
	NeedsYou bool `json:"needsYou"`
	Details  bool `json:"details"`
}

func notificationsView(s settings.Notifications) NotificationsView {
	p := notifyPrefs(s)
	return NotificationsView{Finished: p.Finished, Failed: p.Failed, NeedsYou: p.NeedsYou, Details: p.Details}
}

// SetNotifications saves which kinds of moment notify and whether the
// message carries details.
func (a *Settings) SetNotifications(v NotificationsView) (SettingsView, error) {
	_, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		s.Notifications = settings.Notifications{FinishedOff: !v.Finished, FailedOff: !v.Failed, NeedsYouOff: !v.NeedsYou, Details: v.Details}
		return nil
	})
	return a.GetSettings(), err
}

// startNotifications connects to the desktop's notification service in
// the background; where there is none (macOS, Windows, a bare session)
// the app goes without notifications. The returned func disconnects.
func (a *App) startNotifications() (stop func()) {
	var mu sync.Mutex
	var d *notify.DBus
	stopped := false
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), notifyTimeout)
		defer cancel()
		x, err := notify.Dial(ctx, a.notificationClicked)
		if err != nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			_ = x.Close()
			return
		}
		d = x
		a.notes.use(x)
	}()
	return func() {
		mu.Lock()
		defer mu.Unlock()
		stopped = true
		if d != nil {
			a.notes.use(nil)
			_ = d.Close()
		}
	}
}
