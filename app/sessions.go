package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/record"
	"github.com/hearth-agent/hearth/agent/session"
)

// purgeAfter is a little longer than the store's undo window for deletes.
const purgeAfter = 15 * time.Second

// SessionsEventName tells the sidebar its list changed.
const SessionsEventName = "sessions"

// SessionView is one row of the sessions sidebar.
type SessionView struct {
	ID        string  `json:"id"`
	Title     string  `json:"title"`
	UpdatedAt int64   `json:"updatedAt"` // unix ms
	Model     string  `json:"model"`
	CostUSD   float64 `json:"costUsd"`
}

// TranscriptView is a stored conversation, ready to render.
type TranscriptView struct {
	Session  SessionView       `json:"session"`
	Messages []session.Message `json:"messages"`
	// Undo holds what each stored turn changed (by turn id, "m" + its
	// prompt's id), for turns whose snapshots are still kept.
	Undo map[string]TurnUndoView `json:"undo"`
}

func sessionView(s session.Session) SessionView {
	return SessionView{ID: s.ID, Title: s.Title, UpdatedAt: s.UpdatedAt.UnixMilli(), Model: s.Model, CostUSD: s.Usage.CostUSD}
}

// ListSessions lists the open workspace's conversations, newest first.
func (a *App) ListSessions() ([]SessionView, error) {
	if a.sessions() == nil {
		return []SessionView{}, nil
	}
	a.chat.mu.Lock()
	ws := a.chat.workspace
	a.chat.mu.Unlock()
	if ws == "" {
		return []SessionView{}, nil
	}
	ctx, cancel := a.callCtx(5 * time.Second)
	defer cancel()
	list, err := a.sessions().List(ctx, session.ListOptions{Workspace: ws, Limit: 500})
	if err != nil {
		return nil, err
	}
	out := make([]SessionView, 0, len(list))
	for _, s := range list {
		out = append(out, sessionView(s))
	}
	return out, nil
}

// NewChat starts a fresh conversation in the open workspace.
func (a *App) NewChat() error {
	c := &a.chat
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running {
		return invalidf("session", "stop the running turn first")
	}
	c.sessionID, c.history, c.turns, c.storedTo = "", nil, nil, 0
	return nil
}

// OpenSession makes a stored conversation current: its history becomes the
// model's context for the next message.
func (a *App) OpenSession(id string) (TranscriptView, error) {
	if a.sessions() == nil {
		return TranscriptView{}, errors.New("sessions are not available")
	}
	ctx, cancel := a.callCtx(10 * time.Second)
	defer cancel()
	t, err := a.sessions().Load(ctx, id)
	if err != nil {
		return TranscriptView{}, invalidf("session", err.Error())
	}
	history, starts, err := record.HistoryWithTurns(t)
	if err != nil {
		return TranscriptView{}, err
	}
	// Stored turns can be regenerated or edited like live ones; their ids
	// are the frontend's ("m" + the prompt's message id).
	snapshots := undoSnapshots(t.Messages)
	marks := make([]turnMark, 0, len(starts))
	for _, st := range starts {
		marks = append(marks, turnMark{id: fmt.Sprintf("m%d", st.UserMessageID), prompt: st.Prompt,
			historyStart: st.HistoryIndex, storedBefore: st.PrevMessageID, undoID: snapshots[st.UserMessageID]})
	}
	c := &a.chat
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running {
		return TranscriptView{}, invalidf("session", "stop the running turn first")
	}
	if t.Session.Workspace != c.workspace {
		return TranscriptView{}, invalidf("session", "this conversation belongs to another folder: "+t.Session.Workspace)
	}
	c.sessionID, c.history, c.turns, c.storedTo = t.Session.ID, history, marks, lastID(t.Messages)
	msgs := t.Messages
	if msgs == nil {
		msgs = []session.Message{}
	}
	return TranscriptView{Session: sessionView(t.Session), Messages: msgs, Undo: a.storedUndo(marks)}, nil
}

// RenameSession sets a conversation's title.
func (a *App) RenameSession(id, title string) error {
	title = strings.TrimSpace(title)
	if title == "" {
		return invalidf("title", "the title is empty")
	}
	return a.sessionOp(func(ctx context.Context, s *session.Store) error { return s.Rename(ctx, id, title) })
}

// DeleteSession removes a conversation; RestoreSession undoes that for a
// few seconds.
func (a *App) DeleteSession(id string) error {
	err := a.sessionOp(func(ctx context.Context, s *session.Store) error { return s.Delete(ctx, id) })
	if store := a.sessions(); err == nil && store != nil {
		// Once the undo window has passed the deletion is made final.
		time.AfterFunc(purgeAfter, func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			_, _ = store.Purge(ctx)
		})
	}
	if err == nil {
		a.chat.mu.Lock()
		if a.chat.sessionID == id {
			// The open chat was deleted: later messages start a new one.
			a.chat.sessionID, a.chat.history, a.chat.turns, a.chat.storedTo = "", nil, nil, 0
		}
		a.chat.mu.Unlock()
	}
	return err
}

// RestoreSession brings back a conversation deleted moments ago.
func (a *App) RestoreSession(id string) error {
	return a.sessionOp(func(ctx context.Context, s *session.Store) error { return s.Restore(ctx, id) })
}

func (a *App) sessionOp(fn func(context.Context, *session.Store) error) error {
	if a.sessions() == nil {
		return errors.New("sessions are not available")
	}
	ctx, cancel := a.callCtx(5 * time.Second)
	defer cancel()
	if err := fn(ctx, a.sessions()); err != nil {
		return invalidf("session", err.Error())
	}
	a.emit(SessionsEventName, nil)
	return nil
}

// beginRecording stores the prompt and returns the turn's recorder,
// creating the session on the first message. Recording never blocks a
// turn: a failure is shown as a notice and the chat goes on.
func (a *App) beginRecording(ctx context.Context, ws, provider, model, prompt string) *record.Recorder {
	if a.sessions() == nil {
		return nil
	}
	c := &a.chat
	c.mu.Lock()
	id := c.sessionID
	c.mu.Unlock()
	if id == "" {
		s, err := a.sessions().Create(ctx, session.NewSession{Workspace: ws, Provider: provider, Model: model})
		if err != nil {
			a.emit("notice", FormatError(fmt.Errorf("this conversation is not being saved: %w", err)))
			return nil
		}
		id = s.ID
		c.mu.Lock()
		c.sessionID = id
		c.mu.Unlock()
	}
	rec, err := record.Begin(ctx, a.sessions(), id, provider, model, prompt)
	if err != nil {
		a.emit("notice", FormatError(err))
		return nil
	}
	a.emit(SessionsEventName, nil)
	return rec
}

func lastID(msgs []session.Message) int64 {
	if len(msgs) == 0 {
		return 0
	}
	return msgs[len(msgs)-1].ID
}
