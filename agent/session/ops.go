package session

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// Rename sets a title chosen by the user; generated titles never replace it.
func (s *Store) Rename(ctx context.Context, id, title string) error {
	title = strings.Join(strings.Fields(title), " ")
	if title == "" {
		return errors.New("session: a title cannot be empty")
	}
	return s.updateOne(ctx, "renaming the session",
		"UPDATE sessions SET title = ?, title_source = 'user' WHERE id = ? AND deleted_at IS NULL", title, id)
}

// SetGeneratedTitle stores a title refined by the user's provider, unless
// the user has renamed the session meanwhile. It reports whether it applied.
func (s *Store) SetGeneratedTitle(ctx context.Context, id, title string) (bool, error) {
	title = strings.Join(strings.Fields(title), " ")
	if title == "" {
		return false, nil
	}
	err := s.updateOne(ctx, "saving the generated title", `UPDATE sessions SET title = ?, title_source = 'generated'
		WHERE id = ? AND title_source <> 'user' AND deleted_at IS NULL`, title, id)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// Delete hides a session at once. Restore brings it back within the undo
// window; after that Purge removes it for good.
func (s *Store) Delete(ctx context.Context, id string) error {
	return s.updateOne(ctx, "deleting the session",
		"UPDATE sessions SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL", toMillis(s.opt.Now()), id)
}

// Restore undoes Delete if the session has not been purged yet.
func (s *Store) Restore(ctx context.Context, id string) error {
	return s.updateOne(ctx, "restoring the session",
		"UPDATE sessions SET deleted_at = NULL WHERE id = ? AND deleted_at IS NOT NULL", id)
}

// Fork copies a session up to and including message throughID into a new
// session in the same workspace, so the user can take the conversation
// another way. Tool calls and undo links are copied with their messages; a
// step still streaming is copied as interrupted.
func (s *Store) Fork(ctx context.Context, sessionID string, throughID int64) (Session, error) {
	now := toMillis(s.opt.Now())
	newID := newID()
	err := s.write(ctx, func(tx *sql.Tx) error {
		seq, err := seqOf(ctx, tx, sessionID, throughID)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO sessions
			(id, workspace, title, title_source, provider, model, parent_id, forked_from, created_at, updated_at, mode, todos,
			 choice_provider, choice_model, choice_effort, worktree)
			SELECT ?, workspace, title || ' (fork)', CASE title_source WHEN '' THEN '' ELSE 'user' END,
			provider, model, id, ?, ?, ?, mode, todos, choice_provider, choice_model, choice_effort, worktree FROM sessions WHERE id = ? AND deleted_at IS NULL`,
			newID, throughID, now, now, sessionID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: %s", ErrNotFound, sessionID)
		}
		// Copy messages and tool calls in sequence, mapping old ids to new.
		if _, err := tx.ExecContext(ctx, `INSERT INTO messages
			(session_id, seq, role, text, reasoning, state, error, provider, model, started_at, first_token_at,
			 finished_at, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, reasoning_tokens,
			 cost_microusd, undo_snapshot, owner, reasoning_signature, typed, origin, hooks)
			SELECT ?, seq, role, text, reasoning,
			 CASE state WHEN 'streaming' THEN 'interrupted' ELSE state END, error, provider, model,
			 started_at, first_token_at, COALESCE(finished_at, ?), input_tokens, output_tokens,
			 cache_read_tokens, cache_write_tokens, reasoning_tokens, cost_microusd, undo_snapshot, '',
			 reasoning_signature, typed, origin, hooks
			FROM messages WHERE session_id = ? AND seq <= ? AND hidden = 0 ORDER BY seq`,
			newID, now, sessionID, seq); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO tool_calls
			(message_id, seq, call_id, name, args, status, approval, output, full_output, started_at, finished_at,
			 text_offset, subagent)
			SELECT nm.id, t.seq, t.call_id, t.name, t.args,
			 CASE t.status WHEN 'running' THEN 'interrupted' ELSE t.status END,
			 t.approval, t.output, t.full_output, t.started_at, t.finished_at, t.text_offset, t.subagent
			FROM tool_calls t
			JOIN messages om ON om.id = t.message_id AND om.session_id = ? AND om.seq <= ? AND om.hidden = 0
			JOIN messages nm ON nm.session_id = ? AND nm.seq = om.seq`,
			sessionID, seq, newID); err != nil {
			return err
		}
		// The fork holds the shown branch only, one message after another.
		if _, err := tx.ExecContext(ctx, `UPDATE messages SET parent = (
			SELECT p.id FROM messages p WHERE p.session_id = messages.session_id AND p.seq < messages.seq
			ORDER BY p.seq DESC LIMIT 1) WHERE session_id = ?`, newID); err != nil {
			return err
		}
		if err := copyAttachments(ctx, tx, sessionID, newID, seq); err != nil {
			return err
		}
		// The fork's totals are those of the copied messages.
		return retotal(ctx, tx, newID)
	})
	if err != nil {
		return Session{}, fmt.Errorf("forking the session: %w", err)
	}
	return s.Get(ctx, newID)
}

// Truncate removes every message of a session's shown branch after
// throughID (all of them when throughID is 0), with the hidden versions
// branching off them, so a turn that failed can be run again in place
// instead of leaving a version behind.
func (s *Store) Truncate(ctx context.Context, sessionID string, throughID int64) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		var seq int64
		if throughID > 0 {
			var err error
			if seq, err = seqOf(ctx, tx, sessionID, throughID); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `WITH RECURSIVE gone(id) AS (
			SELECT id FROM messages WHERE session_id = ?1 AND seq > ?2 AND hidden = 0
			UNION SELECT m.id FROM messages m JOIN gone ON m.session_id = ?1 AND m.parent = gone.id)
			DELETE FROM messages WHERE id IN gone`, sessionID, seq); err != nil {
			return err
		}
		return retotal(ctx, tx, sessionID)
	})
	if err != nil {
		return fmt.Errorf("truncating the session: %w", err)
	}
	return nil
}

// retotal sets a session's totals to the sum of its messages'.
func retotal(ctx context.Context, tx *sql.Tx, sessionID string) error {
	_, err := tx.ExecContext(ctx, `UPDATE sessions SET
		(input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, reasoning_tokens, cost_microusd) =
		(SELECT COALESCE(SUM(input_tokens), 0), COALESCE(SUM(output_tokens), 0),
		 COALESCE(SUM(cache_read_tokens), 0), COALESCE(SUM(cache_write_tokens), 0),
		 COALESCE(SUM(reasoning_tokens), 0), COALESCE(SUM(cost_microusd), 0)
		 FROM messages WHERE session_id = ?1) WHERE id = ?1`, sessionID)
	return err
}

// seqOf is the place of message id in its session.
func seqOf(ctx context.Context, tx *sql.Tx, sessionID string, id int64) (int64, error) {
	var seq int64
	err := tx.QueryRowContext(ctx, "SELECT seq FROM messages WHERE id = ? AND session_id = ?", id, sessionID).Scan(&seq)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("%w: message %d in session %s", ErrNotFound, id, sessionID)
	}
	return seq, err
}
