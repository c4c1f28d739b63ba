package session

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ErrNoVersion is returned for a version a turn does not have.
var ErrNoVersion = errors.New("the turn has no such version")

// Branch hides every message of the shown branch after afterID (all of them
// when afterID is 0), so the next message starts a new version of the turn
// that followed it; the hidden one stays in the session, to be shown again
// by ShowVersion.
func (s *Store) Branch(ctx context.Context, sessionID string, afterID int64) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		var seq int64
		if afterID > 0 {
			var err error
			if seq, err = seqOf(ctx, tx, sessionID, afterID); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, "UPDATE messages SET hidden = 1 WHERE session_id = ? AND seq > ? AND hidden = 0",
			sessionID, seq)
		return err
	})
	if err != nil {
		return fmt.Errorf("branching the session: %w", err)
	}
	return nil
}

// Versions counts the versions of the turn that follows message afterID (the
// session's first turn when 0).
func (s *Store) Versions(ctx context.Context, sessionID string, afterID int64) (int, error) {
	var n int
	err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM messages
		WHERE session_id = ? AND COALESCE(parent, 0) = ? AND role = 'user'`, sessionID, afterID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("counting versions: %w", err)
	}
	return n, nil
}

// ShowVersion makes version n (1-based, oldest first) of the turn that
// follows message afterID the shown one, with the newest branch that
// continues it: what a reader loads and what the model's history
// continues from.
func (s *Store) ShowVersion(ctx context.Context, sessionID string, afterID int64, n int) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		var prompt int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM messages
			WHERE session_id = ? AND COALESCE(parent, 0) = ? AND role = 'user'
			ORDER BY seq LIMIT 1 OFFSET ?`, sessionID, afterID, n-1).Scan(&prompt)
		if n < 1 || errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %d", ErrNoVersion, n)
		}
		if err != nil {
			return err
		}
		// The newest message descending from the prompt ends the branch;
		// every message on the way up to the session's first is shown.
		_, err = tx.ExecContext(ctx, `WITH RECURSIVE
			below(id, seq) AS (
				SELECT id, seq FROM messages WHERE id = ?2
				UNION SELECT m.id, m.seq FROM messages m JOIN below ON m.session_id = ?1 AND m.parent = below.id),
			leaf(id) AS (SELECT id FROM below ORDER BY seq DESC LIMIT 1),
			path(id, parent) AS (
				SELECT m.id, m.parent FROM messages m JOIN leaf ON m.id = leaf.id
				UNION SELECT m.id, m.parent FROM messages m JOIN path ON m.id = path.parent)
			UPDATE messages SET hidden = (id NOT IN (SELECT id FROM path)) WHERE session_id = ?1`,
			sessionID, prompt)
		return err
	})
	if err != nil {
		return fmt.Errorf("switching the version: %w", err)
	}
	return nil
}

// loadVersions places each shown prompt among its turn's versions.
func loadVersions(ctx context.Context, tx *sql.Tx, id string, msgs []Message) error {
	index := make(map[int64]int, len(msgs))
	for i, m := range msgs {
		if m.Role == RoleUser {
			index[m.ID] = i
		}
	}
	// Only turns with more than one version are read, so a session that
	// was never regenerated costs one indexed scan of its prompts.
	rows, err := tx.QueryContext(ctx, `SELECT id, COALESCE(parent, 0) FROM messages
		WHERE session_id = ?1 AND role = 'user' AND COALESCE(parent, 0) IN (
			SELECT COALESCE(parent, 0) FROM messages WHERE session_id = ?1 AND role = 'user'
			GROUP BY COALESCE(parent, 0) HAVING COUNT(*) > 1)
		ORDER BY seq`, id)
	if err != nil {
		return err
	}
	defer rows.Close()
	groups := map[int64][]int64{} // prompts by the message they follow, oldest first
	for rows.Next() {
		var mid, parent int64
		if err := rows.Scan(&mid, &parent); err != nil {
			return err
		}
		groups[parent] = append(groups[parent], mid)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, ids := range groups {
		for k, mid := range ids {
			if i, ok := index[mid]; ok {
				msgs[i].Version, msgs[i].Versions = k+1, len(ids)
			}
		}
	}
	return nil
}
