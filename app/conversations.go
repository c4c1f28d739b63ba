package app

import (
	"crypto/rand"
	"encoding/hex"
	"sort"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/project"
)

// Every conversation of the open project the window holds is alive at
// once, each under its own id: bound methods that act on a turn name the
// conversation, so a call in flight while the window switches still
// reaches the conversation it was made for.

// newConversationID names a conversation for the life of the window's hold
// on it (a stored conversation's session id comes later, with its first
// message, and the frontend must not re-key its state then).
func newConversationID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "c" + hex.EncodeToString(b[:])
}

// startConversation starts a conversation in p reporting under a new id;
// it is not held until the caller adds it.
func (a *App) startConversation(p *project.Project) (string, *conversation.Conversation, error) {
	id := newConversationID()
	c, err := p.NewConversation(sink{a: a, conv: id})
	return id, c, err
}

// conversation is the live conversation id names.
func (a *App) conversation(id string) (*conversation.Conversation, error) {
	a.open.mu.Lock()
	defer a.open.mu.Unlock()
	if c, ok := a.open.convs[id]; ok {
		return c, nil
	}
	return nil, invalidf("conversation", "that conversation is no longer open; open it from the sidebar")
}

// shownID is the id of the conversation the chat panel shows.
func (a *App) shownID() string {
	a.open.mu.Lock()
	defer a.open.mu.Unlock()
	return a.open.shown
}

// held finds the live conversation saved to session id.
func (a *App) held(sessionID string) (string, *conversation.Conversation) {
	a.open.mu.Lock()
	convs := make(map[string]*conversation.Conversation, len(a.open.convs))
	for id, c := range a.open.convs {
		convs[id] = c
	}
	a.open.mu.Unlock()
	for id, c := range convs {
		if c.SessionID() == sessionID {
			return id, c
		}
	}
	return "", nil
}

// hold adds a started conversation to the open project's, unless that
// project was replaced meanwhile (it is then forgotten).
func (a *App) hold(p *project.Project, id string, c *conversation.Conversation) bool {
	a.open.mu.Lock()
	ok := a.open.proj == p
	if ok {
		a.open.convs[id] = c
	}
	a.open.mu.Unlock()
	if !ok {
		p.Forget(c)
	}
	return ok
}

// show makes id the shown conversation: what it finished is read now, and
// the conversations neither shown nor busy are released.
func (a *App) show(id string) {
	a.open.mu.Lock()
	a.open.shown = id
	a.open.mu.Unlock()
	a.board.seen(id)
	a.emitTree()
	a.release()
	a.boardChanged()
	a.sessionsChanged()
	a.tellProcesses()
}

// ReleasedEventName carries the ids of conversations the window let go
// ([]string): stored, they reopen from the store when shown again.
const ReleasedEventName = "released"

// release forgets the conversations that are not shown and keep nothing
// alive (no turn, no background process, no plan waiting), so memory stays
// low; a stored one is reloaded from the store when shown again.
func (a *App) release() {
	a.open.mu.Lock()
	p, held := a.open.proj, make(map[string]*conversation.Conversation, len(a.open.convs))
	for id, c := range a.open.convs {
		held[id] = c
	}
	a.open.mu.Unlock()
	// Asked outside a.open.mu: a conversation may report while holding its own lock.
	var released []string
	defer func() {
		if len(released) > 0 { // the window drops their chat states too
			sort.Strings(released)
			a.emit(ReleasedEventName, released)
		}
	}()
	for id, c := range held {
		if c.Running() || c.PendingPlan() != "" || len(c.Processes()) > 0 {
			continue
		}
		a.open.mu.Lock()
		gone := id != a.open.shown && a.open.proj == p && a.open.convs[id] == c
		var th *treeHold
		if gone {
			th = a.open.trees[id]
			delete(a.open.convs, id) // its board entry stays: "done unread" outlives it
			delete(a.open.trees, id)
		}
		a.open.mu.Unlock()
		if gone {
			released = append(released, id)
		}
		switch {
		case th != nil:
			go th.proj.Close()
		case gone:
			p.Forget(c)
		}
	}
}

// NewChat starts a fresh conversation in the open workspace, keeping the
// composer's choice, and shows it; the others' turns go on. It returns the
// new conversation's id.
func (a *Chat) NewChat() (string, error) {
	p, prev := a.current()
	id, c, err := a.startConversation(p)
	if err != nil {
		return "", viewErr(err)
	}
	if prev != nil {
		_ = c.SetChoice(prev.Choice())
	}
	if !a.hold(p, id, c) {
		return "", invalidf("workspace", "the folder changed; try again")
	}
	a.show(id)
	return id, nil
}

// Shown is the id of the conversation the chat panel shows, for a window
// that opened a folder (or started) and has not been told one yet.
func (a *Chat) Shown() string { return a.shownID() }
