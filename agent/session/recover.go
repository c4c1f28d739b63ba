package session

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/gofrs/flock"
)

// Recover marks as interrupted every streaming step (and its running tool
// calls) whose writer is gone: its lock file is free because the process
// died. Open calls it; the app may call it again, e.g. when showing a
// session another process was writing. It returns no error for a live
// writer's steps, which it leaves alone.
func (s *Store) Recover(ctx context.Context) error {
	rows, err := s.w.QueryContext(ctx,
		"SELECT DISTINCT owner FROM messages WHERE state = 'streaming'")
	if err != nil {
		return fmt.Errorf("finding interrupted steps: %w", err)
	}
	var owners []string
	for rows.Next() {
		var o string
		if err := rows.Scan(&o); err != nil {
			rows.Close()
			return fmt.Errorf("finding interrupted steps: %w", err)
		}
		owners = append(owners, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("finding interrupted steps: %w", err)
	}
	for _, o := range owners {
		if o == s.owner {
			continue
		}
		dead, release := s.ownerDead(o)
		if !dead {
			continue
		}
		err := s.markInterrupted(ctx, o)
		release()
		if err != nil {
			return err
		}
	}
	s.sweepOwners()
	return nil
}

// ownerDead reports whether owner's process is gone, holding its lock until
// release so the owner id cannot be reclaimed meanwhile.
func (s *Store) ownerDead(owner string) (dead bool, release func()) {
	if owner == "" || !validOwner(owner) {
		return true, func() {}
	}
	path := filepath.Join(s.ownersDir(), owner+".lock")
	l := flock.New(path)
	ok, err := l.TryLock()
	if err != nil || !ok {
		return false, nil
	}
	return true, func() {
		l.Unlock()
		os.Remove(path)
	}
}

func validOwner(o string) bool {
	for _, c := range o {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return len(o) == 16
}

func (s *Store) markInterrupted(ctx context.Context, owner string) error {
	now := toMillis(s.opt.Now())
	return s.write(ctx, func(tx *sql.Tx) error {
		if err := s.redactStreaming(ctx, tx, owner); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tool_calls SET status = 'interrupted', finished_at = ?
			WHERE status = 'running' AND message_id IN
			(SELECT id FROM messages WHERE state = 'streaming' AND owner = ?)`, now, owner); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE messages SET state = 'interrupted', finished_at = ?
			WHERE state = 'streaming' AND owner = ?`, now, owner)
		return err
	})
}

// Purge removes the sessions deleted longer ago than the undo window and
// reports how many it removed. Open calls it; the app calls it when an undo
// window closes.
func (s *Store) Purge(ctx context.Context) (int64, error) {
	cutoff := toMillis(s.opt.Now().Add(-s.opt.UndoWindow))
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM network WHERE session_id IN
			(SELECT id FROM sessions WHERE deleted_at IS NOT NULL AND deleted_at <= ?)`, cutoff); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx,
			"DELETE FROM sessions WHERE deleted_at IS NOT NULL AND deleted_at <= ?", cutoff)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("purging deleted sessions: %w", err)
	}
	if err := s.collectBlobs(ctx); err != nil {
		return n, fmt.Errorf("removing the purged sessions' attachments: %w", err)
	}
	return n, nil
}

// write runs fn in one immediate transaction on the write connection.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		// A cancelled context has rolled the transaction back already:
		// its ErrTxDone would only bury the cause under a second line.
		if rb := tx.Rollback(); rb != nil && !errors.Is(rb, sql.ErrTxDone) {
			return errors.Join(err, rb)
		}
		return err
	}
	return tx.Commit()
}
