package app

import (
	"sort"
	"strconv"
	"sync"

	"github.com/hearth-agent/hearth/agent/conversation"
)

// ConversationsEventName carries the live conversations' states
// ([]ConversationState) whenever one changes.
const ConversationsEventName = "conversations"

// The states a conversation shows in the sidebar.
const (
	StateIdle     = "idle"
	StateRunning  = "running"
	StateQueued   = "queued" // waiting for a free slot (conversations.maxRunning)
	StateNeedsYou = "needs_you"
	StateDone     = "done" // finished while not shown: unread
	StateFailed   = "failed"
)

// ConversationState is one conversation's state for the sidebar.
type ConversationState struct {
	ID        string `json:"id"`
	SessionID string `json:"sessionId"`
	State     string `json:"state"`
	// Waits says what it waits for when it needs the person: approval,
	// question or plan.
	Waits string `json:"waits,omitempty"`
	// Since is when the running turn started (Unix ms), for its elapsed time.
	Since int64 `json:"since,omitempty"`
}

// boardEntry is what the events of one conversation say of it.
type boardEntry struct {
	session   string
	running   bool
	queued    bool
	since     int64
	approvals map[string]bool
	questions map[string]bool
	plan      bool
	failed    bool // the last turn failed (cleared when seen or on the next turn)
	unread    bool // the last turn ended while not shown
}

// board keeps each live conversation's state from its events; it never
// calls into a conversation (events may come while one holds its lock).
type board struct {
	mu      sync.Mutex
	shown   string
	entries map[string]*boardEntry
	// telling keeps one view going out at a time: conversations report on
	// their own goroutines, and a view taken earlier must not reach the
	// window after a later one.
	telling sync.Mutex
}

func (b *board) entry(id string) *boardEntry {
	if b.entries == nil {
		b.entries = map[string]*boardEntry{}
	}
	e := b.entries[id]
	if e == nil {
		e = &boardEntry{approvals: map[string]bool{}, questions: map[string]bool{}}
		b.entries[id] = e
	}
	return e
}

// reset forgets every conversation (a folder was opened) but shown.
func (b *board) reset(shown string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.entries, b.shown = nil, shown
	b.entry(shown)
}

// seen marks id shown: what it finished has been read.
func (b *board) seen(id string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.shown = id
	e := b.entry(id)
	e.unread, e.failed = false, false
}

// stored records the session conversation id is saved to.
func (b *board) stored(id, session string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.entry(id).session = session
}

// session is the session id conversation id is saved to, as last told.
func (b *board) session(id string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if e := b.entries[id]; e != nil {
		return e.session
	}
	return ""
}

// observe applies one of conversation id's events; it says whether the
// conversation's state may have changed.
func (b *board) observe(id string, ev conversation.Event) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	e := b.entry(id)
	switch ev := ev.(type) {
	case *conversation.TurnStarted:
		if e.running && ev.Sent != "" { // the second TurnStarted of a command
			return false
		}
		e.running, e.queued, e.since, e.plan, e.failed, e.unread = true, false, ev.StartedAt, false, false, false
	case *conversation.SlotWaiting:
		e.queued = !ev.Done
	case *conversation.ApprovalRequested:
		e.approvals[ev.RequestID] = true
	case *conversation.ApprovalResolved:
		delete(e.approvals, ev.RequestID)
	case *conversation.ElicitationRequested:
		e.questions[ev.RequestID] = true
	case *conversation.ElicitationResolved:
		delete(e.questions, ev.RequestID)
	case *conversation.Plan:
		e.plan = true
	case *conversation.TurnError:
		e.failed = true
	case *conversation.Done:
		e.running, e.queued = false, false
		clear(e.approvals)
		clear(e.questions)
		if ev.Stopped {
			e.failed = false
		}
		e.unread = id != b.shown && !ev.Stopped
	default:
		return false
	}
	return true
}

// view lists the live conversations' states, those needing the person
// first, then by id.
func (b *board) view() []ConversationState {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]ConversationState, 0, len(b.entries))
	for id, e := range b.entries {
		out = append(out, e.state(id))
	}
	sort.Slice(out, func(i, j int) bool {
		ni, nj := out[i].State == StateNeedsYou, out[j].State == StateNeedsYou
		if ni != nj {
			return ni
		}
		return out[i].ID < out[j].ID
	})
	return out
}

func (e *boardEntry) state(id string) ConversationState {
	s := ConversationState{ID: id, SessionID: e.session, State: StateIdle}
	switch {
	case len(e.approvals) > 0:
		s.State, s.Waits = StateNeedsYou, "approval"
	case len(e.questions) > 0:
		s.State, s.Waits = StateNeedsYou, "question"
	case e.queued:
		s.State = StateQueued
	case e.running:
		s.State = StateRunning
	case e.plan:
		s.State, s.Waits = StateNeedsYou, "plan"
	case e.failed:
		s.State = StateFailed
	case e.unread:
		s.State = StateDone
	}
	if e.running {
		s.Since = e.since
	}
	return s
}

// needingYou counts the conversations that wait for the person.
func needingYou(states []ConversationState) int {
	n := 0
	for _, s := range states {
		if s.State == StateNeedsYou {
			n++
		}
	}
	return n
}

// windowTitle is the window's title with n conversations needing the person.
func windowTitle(n int) string {
	if n == 0 {
		return "Hearth"
	}
	return "(" + strconv.Itoa(n) + ") Hearth — needs you"
}

// boardChanged tells the sidebar the conversations' states, puts the
// count that needs the person in the window's title and asks for
// attention (the urgency hint a taskbar shows) while any does.
func (a *App) boardChanged() {
	a.board.telling.Lock()
	defer a.board.telling.Unlock()
	v := a.board.view()
	a.emit(ConversationsEventName, v)
	n := needingYou(v)
	a.setTitle(windowTitle(n))
	if a.urgentNow.Swap(n > 0) != (n > 0) {
		a.urgent(n > 0)
	}
}

// Conversations are the live conversations' states, for the sidebar.
func (a *Sessions) Conversations() []ConversationState { return a.board.view() }
