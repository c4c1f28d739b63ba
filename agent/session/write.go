package session

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// NewSession describes a session to create.
type NewSession struct {
	Workspace string
	Provider  string
	Model     string
	Mode      string // the conversation's mode when it starts
	Choice    Choice // the picker's choice when it starts
}

// Create starts an empty session.
func (s *Store) Create(ctx context.Context, n NewSession) (Session, error) {
	sess, err := s.newSession(n)
	if err != nil {
		return Session{}, err
	}
	if err := s.write(ctx, func(tx *sql.Tx) error { return s.insertSession(ctx, tx, sess) }); err != nil {
		return Session{}, fmt.Errorf("creating a session: %w", err)
	}
	return sess, nil
}

// CreateWithPrompt starts a session with its first user message in one
// transaction: a new conversation commits once before its first model
// call, and a prompt that cannot be stored leaves no empty session.
func (s *Store) CreateWithPrompt(ctx context.Context, n NewSession, p Prompt) (Session, Message, error) {
	sess, err := s.newSession(n)
	if err != nil {
		return Session{}, Message{}, err
	}
	extras, err := s.promptExtras(ctx, &p)
	if err != nil {
		return Session{}, Message{}, err
	}
	var m Message
	err = s.write(ctx, func(tx *sql.Tx) error {
		if err := s.insertSession(ctx, tx, sess); err != nil {
			return err
		}
		var err error
		m, err = s.insertUserMessage(ctx, tx, sess.ID, p.Text, p.Origin == "", extras)
		return err
	})
	if err != nil {
		return Session{}, Message{}, fmt.Errorf("creating a session: %w", err)
	}
	m.Typed, m.Origin = p.Typed, p.Origin
	sess.UpdatedAt = m.StartedAt
	if p.Origin == "" {
		sess.Title, sess.TitleSource = TitleFrom(m.Text), "auto"
	}
	return sess, m, nil
}

func (s *Store) newSession(n NewSession) (Session, error) {
	if strings.TrimSpace(n.Workspace) == "" {
		return Session{}, errors.New("session: a workspace is required")
	}
	now := fromMillis(toMillis(s.opt.Now()))
	return Session{ID: newID(), Workspace: n.Workspace, Provider: n.Provider, Model: n.Model, Mode: n.Mode,
		Choice: n.Choice, CreatedAt: now, UpdatedAt: now}, nil
}

func (s *Store) insertSession(ctx context.Context, tx *sql.Tx, sess Session) error {
	_, err := s.exec(ctx, tx, stInsertSession, sess.ID, sess.Workspace, sess.Provider, sess.Model, sess.Mode,
		sess.Choice.Provider, sess.Choice.Model, sess.Choice.Effort, toMillis(sess.CreatedAt), toMillis(sess.UpdatedAt))
	return err
}

// AddUserMessage appends a complete user message. The first one also titles
// an untitled session.
func (s *Store) AddUserMessage(ctx context.Context, sessionID, text string) (Message, error) {
	return s.addUserMessage(ctx, sessionID, text, true, nil)
}

// addUserMessage stores the message, then runs also (when set) in the same
// transaction with the new message's id.
func (s *Store) addUserMessage(ctx context.Context, sessionID, text string, titles bool, also func(tx *sql.Tx, id int64) error) (Message, error) {
	var m Message
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		m, err = s.insertUserMessage(ctx, tx, sessionID, text, titles, also)
		return err
	})
	if err != nil {
		return Message{}, fmt.Errorf("saving the user message: %w", err)
	}
	return m, nil
}

// insertUserMessage is addUserMessage within tx.
func (s *Store) insertUserMessage(ctx context.Context, tx *sql.Tx, sessionID, text string, titles bool, also func(tx *sql.Tx, id int64) error) (Message, error) {
	m := Message{SessionID: sessionID, Role: RoleUser, Text: s.opt.Redact(text), State: StateComplete}
	if err := s.insertMessage(ctx, tx, &m); err != nil {
		return Message{}, err
	}
	if also != nil {
		if err := also(tx, m.ID); err != nil {
			return Message{}, err
		}
	}
	if titles {
		if _, err := s.exec(ctx, tx, stAutoTitle, TitleFrom(m.Text), sessionID); err != nil {
			return Message{}, err
		}
	}
	return m, nil
}

// AddSummary appends a compaction summary: when the model's context is
// rebuilt, it replaces every message before it.
func (s *Store) AddSummary(ctx context.Context, sessionID, text string, u Usage) (Message, error) {
	m := Message{SessionID: sessionID, Role: RoleSummary, Text: s.opt.Redact(text), State: StateComplete, Usage: u}
	err := s.write(ctx, func(tx *sql.Tx) error {
		if err := s.insertMessage(ctx, tx, &m); err != nil {
			return err
		}
		return s.addSessionUsage(ctx, tx, sessionID, u)
	})
	if err != nil {
		return Message{}, fmt.Errorf("saving the summary: %w", err)
	}
	return m, nil
}

// SetUndoSnapshot links a message (normally the user message that started a
// turn) to the undo snapshot taken before the turn changed any files.
func (s *Store) SetUndoSnapshot(ctx context.Context, messageID int64, snapshot string) error {
	return s.updateOne(ctx, "linking the undo snapshot",
		"UPDATE messages SET undo_snapshot = ? WHERE id = ?", snapshot, messageID)
}

// insertMessage assigns m the next sequence number in its session and
// inserts it, touching the session's updated time.
func (s *Store) insertMessage(ctx context.Context, tx *sql.Tx, m *Message) error {
	now := s.opt.Now()
	m.StartedAt = fromMillis(toMillis(now))
	if m.State.Terminal() {
		m.FinishedAt = m.StartedAt
	}
	var finished sql.NullInt64
	if !m.FinishedAt.IsZero() {
		finished = sql.NullInt64{Int64: toMillis(m.FinishedAt), Valid: true}
	}
	res, err := s.exec(ctx, tx, stTouchLiveSession, toMillis(now), m.SessionID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("%w: %s", ErrNotFound, m.SessionID)
	}
	u := m.Usage
	err = s.queryRow(ctx, tx, stInsertMessage,
		m.SessionID, string(m.Role), m.Text, string(m.State), m.Provider, m.Model,
		toMillis(now), finished, s.owner,
		u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, u.ReasoningTokens,
		toMicros(u.CostUSD)).Scan(&m.ID, &m.Seq)
	return err
}

func (s *Store) addSessionUsage(ctx context.Context, tx *sql.Tx, sessionID string, u Usage) error {
	_, err := s.exec(ctx, tx, stAddSessionUsage,
		u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, u.ReasoningTokens,
		toMicros(u.CostUSD), sessionID)
	return err
}

func (s *Store) updateOne(ctx context.Context, what, query string, args ...any) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// TitleMaxRunes bounds titles made from the first user message.
const TitleMaxRunes = 60

// TitleFrom makes a title from a user message: its first non-empty line with
// whitespace collapsed, cut at a word boundary to TitleMaxRunes.
func TitleFrom(text string) string {
	line := ""
	for _, l := range strings.Split(text, "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			line = l
			break
		}
	}
	if line == "" {
		return "Untitled"
	}
	if utf8.RuneCountInString(line) <= TitleMaxRunes {
		return line
	}
	runes := []rune(line)[:TitleMaxRunes]
	cut := len(runes)
	for i := len(runes) - 1; i > TitleMaxRunes/2; i-- {
		if unicode.IsSpace(runes[i]) {
			cut = i
			break
		}
	}
	return strings.TrimRightFunc(string(runes[:cut]), unicode.IsPunct) + "…"
}
