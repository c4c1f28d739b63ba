package session

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

const sessionCols = `id, workspace, title, title_source, provider, model, COALESCE(parent_id, ''),
	COALESCE(forked_from, 0), created_at, updated_at, input_tokens, output_tokens, cache_read_tokens,
	cache_write_tokens, reasoning_tokens, cost_microusd, COALESCE(deleted_at, 0), mode, todos,
	choice_provider, choice_model, choice_effort, COALESCE(worktree, '')`

type scanner interface{ Scan(dest ...any) error }

func scanSession(r scanner) (Session, error) {
	var s Session
	var created, updated, deleted, cost int64
	var todos string
	err := r.Scan(&s.ID, &s.Workspace, &s.Title, &s.TitleSource, &s.Provider, &s.Model, &s.ParentID,
		&s.ForkedFrom, &created, &updated, &s.Usage.InputTokens, &s.Usage.OutputTokens,
		&s.Usage.CacheReadTokens, &s.Usage.CacheWriteTokens, &s.Usage.ReasoningTokens, &cost, &deleted,
		&s.Mode, &todos, &s.Choice.Provider, &s.Choice.Model, &s.Choice.Effort, &s.Worktree)
	s.Todos = decodeTodos(todos)
	s.CreatedAt, s.UpdatedAt, s.DeletedAt = fromMillis(created), fromMillis(updated), fromMillis(deleted)
	s.Usage.CostUSD = fromMicros(cost)
	return s, err
}

// Get returns a session's header, including a deleted one still in its undo
// window.
func (s *Store) Get(ctx context.Context, id string) (Session, error) {
	sess, err := scanSession(s.r.QueryRowContext(ctx,
		"SELECT "+sessionCols+" FROM sessions WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return Session{}, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return Session{}, fmt.Errorf("reading session %s: %w", id, err)
	}
	return sess, nil
}

// Resolve finds the one live session whose id starts with prefix, so users
// can type a short id.
func (s *Store) Resolve(ctx context.Context, prefix string) (string, error) {
	if prefix == "" {
		return "", fmt.Errorf("%w: empty id", ErrNotFound)
	}
	rows, err := s.r.QueryContext(ctx, `SELECT id FROM sessions
		WHERE id >= ?1 AND id < ?1 || x'ff' AND deleted_at IS NULL LIMIT 2`, prefix)
	if err != nil {
		return "", fmt.Errorf("finding session %s: %w", prefix, err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return "", err
		}
		ids = append(ids, id)
	}
	switch {
	case rows.Err() != nil:
		return "", rows.Err()
	case len(ids) == 0:
		return "", fmt.Errorf("%w: %s", ErrNotFound, prefix)
	case len(ids) > 1:
		return "", fmt.Errorf("session id %q is ambiguous; type more of it", prefix)
	}
	return ids[0], nil
}

// ListOptions select sessions. Deleted sessions are never listed.
type ListOptions struct {
	Workspace string // "" lists every workspace
	Limit     int    // 0 means no limit
	Offset    int
}

// List returns sessions, most recently updated first.
func (s *Store) List(ctx context.Context, o ListOptions) ([]Session, error) {
	q := "SELECT " + sessionCols + " FROM sessions WHERE deleted_at IS NULL"
	var args []any
	if o.Workspace != "" {
		q += " AND workspace = ?"
		args = append(args, o.Workspace)
	}
	limit := o.Limit
	if limit <= 0 {
		limit = -1
	}
	q += " ORDER BY updated_at DESC, id LIMIT ? OFFSET ?"
	args = append(args, limit, o.Offset)
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("listing sessions: %w", err)
	}
	defer rows.Close()
	var out []Session
	for rows.Next() {
		sess, err := scanSession(rows)
		if err != nil {
			return nil, fmt.Errorf("listing sessions: %w", err)
		}
		out = append(out, sess)
	}
	return out, rows.Err()
}

// Transcript is a whole session, ordered, ready to render or resume.
type Transcript struct {
	Session  Session   `json:"session"`
	Messages []Message `json:"messages"`
}

// Context is what the model is given to continue the session: the latest
// compaction summary (if any) and every message after it, in order. Steps
// that ended early keep the text they had streamed; the caller decides how
// to present them to a provider.
func (t *Transcript) Context() []Message {
	for i := len(t.Messages) - 1; i >= 0; i-- {
		if t.Messages[i].Role == RoleSummary {
			return t.Messages[i:]
		}
	}
	return t.Messages
}

// Load reads a session and all its messages and tool calls, consistently
// even while another writer appends.
func (s *Store) Load(ctx context.Context, id string) (*Transcript, error) {
	// One read transaction gives a single snapshot across the three queries.
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("loading session %s: %w", id, err)
	}
	defer tx.Rollback()
	sess, err := scanSession(tx.QueryRowContext(ctx, "SELECT "+sessionCols+" FROM sessions WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return nil, fmt.Errorf("loading session %s: %w", id, err)
	}
	t := &Transcript{Session: sess}
	if t.Messages, err = loadMessages(ctx, tx, id); err != nil {
		return nil, fmt.Errorf("loading session %s: %w", id, err)
	}
	if err := loadToolCalls(ctx, tx, id, t.Messages); err != nil {
		return nil, fmt.Errorf("loading session %s: %w", id, err)
	}
	if err := s.loadAttachments(ctx, tx, id, t.Messages); err != nil {
		return nil, fmt.Errorf("loading session %s: %w", id, err)
	}
	if err := loadVersions(ctx, tx, id, t.Messages); err != nil {
		return nil, fmt.Errorf("loading session %s: %w", id, err)
	}
	return t, nil
}

func loadMessages(ctx context.Context, tx *sql.Tx, id string) ([]Message, error) {
	// The shown branch's count sizes the slice: growing it by doubling
	// costs a tenth of the load on a 5,000-message session.
	var n int64
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM messages WHERE session_id = ? AND hidden = 0",
		id).Scan(&n); err != nil {
		return nil, err
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, seq, role, text, reasoning, state, error, provider, model,
		started_at, COALESCE(first_token_at, 0), COALESCE(finished_at, 0), input_tokens, output_tokens,
		cache_read_tokens, cache_write_tokens, reasoning_tokens, cost_microusd, undo_snapshot,
		reasoning_signature, typed, origin, hooks FROM messages WHERE session_id = ? AND hidden = 0 ORDER BY seq`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]Message, 0, n)
	for rows.Next() {
		m := Message{SessionID: id}
		var started, first, finished, cost int64
		var hooks string
		if err := rows.Scan(&m.ID, &m.Seq, &m.Role, &m.Text, &m.Reasoning, &m.State, &m.Error,
			&m.Provider, &m.Model, &started, &first, &finished, &m.Usage.InputTokens,
			&m.Usage.OutputTokens, &m.Usage.CacheReadTokens, &m.Usage.CacheWriteTokens,
			&m.Usage.ReasoningTokens, &cost, &m.UndoSnapshot, &m.ReasoningSignature, &m.Typed, &m.Origin, &hooks); err != nil {
			return nil, err
		}
		m.StartedAt, m.FirstTokenAt, m.FinishedAt = fromMillis(started), fromMillis(first), fromMillis(finished)
		m.Usage.CostUSD = fromMicros(cost)
		m.Hooks = parseHooks(hooks)
		out = append(out, m)
	}
	return out, rows.Err()
}

func loadToolCalls(ctx context.Context, tx *sql.Tx, id string, msgs []Message) error {
	index := make(map[int64]int, len(msgs))
	for i, m := range msgs {
		index[m.ID] = i
	}
	rows, err := tx.QueryContext(ctx, `SELECT t.message_id, t.call_id, t.name, t.args, t.status, t.approval,
		t.output, COALESCE(t.full_output, ''), t.started_at, COALESCE(t.finished_at, 0), t.text_offset, t.subagent
		FROM tool_calls t JOIN messages m ON m.id = t.message_id
		WHERE m.session_id = ? AND m.hidden = 0 ORDER BY m.seq, t.seq`, id)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var c ToolCall
		var msgID, started, finished int64
		var sub sql.NullString
		if err := rows.Scan(&msgID, &c.CallID, &c.Name, &c.Args, &c.Status, &c.Approval, &c.Output,
			&c.FullOutput, &started, &finished, &c.TextOffset, &sub); err != nil {
			return err
		}
		c.Subagent = parseSubagent(sub)
		c.StartedAt, c.FinishedAt = fromMillis(started), fromMillis(finished)
		if i, ok := index[msgID]; ok {
			msgs[i].ToolCalls = append(msgs[i].ToolCalls, c)
		}
	}
	return rows.Err()
}
