package app

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/session"
)

// purgeAfter is a little longer than the store's undo window for deletes.
const purgeAfter = 15 * time.Second

// SessionsEventName tells the sidebar its list changed; its payload is a
// SessionsChange.
const SessionsEventName = "sessions"

// SessionsChange says which conversation the chat is saved to now
// (Current, "" before a new chat's first message), so the sidebar can
// mark the live row as soon as a first message creates it.
type SessionsChange struct {
	Current string `json:"current"`
}

func (a *App) sessionsChanged() {
	a.recordTrees()
	current := ""
	if c := a.chat(); c != nil {
		current = c.SessionID()
	}
	a.emit(SessionsEventName, SessionsChange{Current: current})
}

// SessionView is one row of the sessions sidebar.
type SessionView struct {
	ID        string  `json:"id"`
	Title     string  `json:"title"`
	UpdatedAt int64   `json:"updatedAt"` // unix ms
	Model     string  `json:"model"`
	CostUSD   float64 `json:"costUsd"`
	// Worktree is the id of the worktree the conversation works in, "" in the folder.
	Worktree string `json:"worktree,omitempty"`
}

// TranscriptView is a stored conversation, ready to render.
type TranscriptView struct {
	Session  SessionView       `json:"session"`
	Messages []session.Message `json:"messages"`
	// Undo holds what each stored turn changed (by turn id, "m" + its
	// prompt's id), for turns whose snapshots are still kept.
	Undo map[string]TurnUndoView `json:"undo"`
	// Calls says what each stored tool call did, by call id.
	Calls map[string]StoredCallView `json:"calls"`
	// Todos is the conversation's todo list as it was left.
	Todos []session.Todo `json:"todos"`
	// Conversation is the live conversation now showing it (OpenSession).
	Conversation string `json:"conversation,omitempty"`
}

func sessionView(s session.Session) SessionView {
	return SessionView{ID: s.ID, Title: s.Title, UpdatedAt: s.UpdatedAt.UnixMilli(), Model: s.Model, CostUSD: s.Usage.CostUSD}
}

// ListSessions lists the open workspace's conversations, newest first.
func (a *Sessions) ListSessions() ([]SessionView, error) {
	if a.sessions() == nil {
		return []SessionView{}, nil
	}
	ws := a.workspace()
	if ws == "" {
		return []SessionView{}, nil
	}
	ctx, cancel := a.callCtx(5 * time.Second)
	defer cancel()
	list, err := a.sessions().List(ctx, session.ListOptions{Workspace: ws, Limit: 500})
	if err != nil {
		return nil, err
	}
	// The folder's worktrees' conversations are the folder's too.
	trees := a.treePaths()
	for path := range trees {
		more, err := a.sessions().List(ctx, session.ListOptions{Workspace: path, Limit: 500})
		if err != nil {
			return nil, err
		}
		list = append(list, more...)
	}
	slices.SortStableFunc(list, func(x, y session.Session) int { return y.UpdatedAt.Compare(x.UpdatedAt) })
	out := make([]SessionView, 0, len(list))
	for _, s := range list {
		v := sessionView(s)
		v.Worktree = trees[s.Workspace]
		out = append(out, v)
	}
	return out, nil
}

// SearchSessions finds messages across every conversation (all
// workspaces), newest first.
func (a *Sessions) SearchSessions(query string) ([]session.Hit, error) {
	if a.sessions() == nil || strings.TrimSpace(query) == "" {
		return []session.Hit{}, nil
	}
	ctx, cancel := a.callCtx(5 * time.Second)
	defer cancel()
	hits, err := a.sessions().Search(ctx, query, session.SearchOptions{Limit: 100})
	if err != nil {
		return nil, invalidf("query", err.Error())
	}
	if hits == nil {
		hits = []session.Hit{}
	}
	return hits, nil
}

// OpenSession shows a stored conversation: the live one saved to it if the
// window holds it (its turn goes on), else a conversation reopened from
// the store, whose history becomes the model's context for the next
// message. Conversation in the result is the id to address it by.
func (a *Sessions) OpenSession(id string) (TranscriptView, error) {
	ctx, cancel := a.callCtx(10 * time.Second)
	defer cancel()
	conv, c := a.held(id)
	var r *conversation.Reopened
	var err error
	switch {
	case c != nil && (c.Running() || len(c.Processes()) > 0): // shown as it goes on
		if r, err = c.Stored(ctx); err != nil {
			return TranscriptView{}, viewErr(err)
		}
	case c != nil: // idle: read afresh, as a provider since removed must show
		if r, err = c.Reopen(ctx, id); err != nil {
			return TranscriptView{}, viewErr(err)
		}
	default:
		nid, nc, forget, err := a.startForSession(ctx, id)
		if err != nil {
			return TranscriptView{}, err
		}
		if r, err = nc.Reopen(ctx, id); err != nil {
			forget()
			return TranscriptView{}, viewErr(err)
		}
		conv = nid
		a.board.stored(conv, id)
	}
	a.show(conv)
	v := transcriptView(r)
	v.Conversation = conv
	return v, nil
}

func transcriptView(r *conversation.Reopened) TranscriptView {
	msgs := r.Transcript.Messages
	if msgs == nil {
		msgs = []session.Message{}
	}
	todos := r.Transcript.Session.Todos
	if todos == nil {
		todos = []session.Todo{}
	}
	return TranscriptView{Session: sessionView(r.Transcript.Session), Messages: msgs, Undo: turnUndoViews(r.Undo),
		Calls: storedCalls(msgs), Todos: todos}
}

// RenameSession sets a conversation's title.
func (a *Sessions) RenameSession(id, title string) error {
	title = strings.TrimSpace(title)
	if title == "" {
		return invalidf("title", "the title is empty")
	}
	return a.sessionOp(func(ctx context.Context, s *session.Store) error { return s.Rename(ctx, id, title) })
}

// DeleteSession removes a conversation; RestoreSession undoes that for a
// few seconds.
func (a *Sessions) DeleteSession(id string) error {
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
		// A live chat was deleted: its later messages start a new one.
		if _, c := a.held(id); c != nil {
			c.Forget(id)
		}
	}
	return err
}

// RestoreSession brings back a conversation deleted moments ago.
func (a *Sessions) RestoreSession(id string) error {
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
	a.sessionsChanged()
	return nil
}
