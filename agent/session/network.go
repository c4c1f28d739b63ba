package session

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/hearth-agent/hearth/agent/egress"
)

// NetworkCap is how many requests the log keeps per session (and for the
// app's own requests); older ones are dropped.
const NetworkCap = 2000

var _ egress.Writer = (*Store)(nil)

// WriteNetwork stores recorded requests, then trims each session they
// belong to to its newest NetworkCap.
func (s *Store) WriteNetwork(ctx context.Context, entries []egress.Entry) error {
	if len(entries) == 0 {
		return nil
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		ins, err := tx.PrepareContext(ctx, `INSERT INTO network
			(session_id, time, purpose, method, host, path, status, bytes_out, bytes_in, error)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer ins.Close()
		touched := map[string]bool{}
		for _, e := range entries {
			if _, err := ins.ExecContext(ctx, e.Session, toMillis(e.Time), string(e.Purpose), e.Method, e.Host,
				s.opt.Redact(e.Path), e.Status, e.BytesOut, e.BytesIn, s.opt.Redact(e.Error)); err != nil {
				return err
			}
			touched[e.Session] = true
		}
		for id := range touched {
			if _, err := tx.ExecContext(ctx, `DELETE FROM network WHERE session_id = ? AND id <=
				(SELECT id FROM network WHERE session_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
				id, id, NetworkCap); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("saving the network log: %w", err)
	}
	return nil
}

// Network returns the requests made for session id ("" for the app's
// own), oldest first.
func (s *Store) Network(ctx context.Context, id string) ([]egress.Entry, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT session_id, time, purpose, method, host, path, status,
		bytes_out, bytes_in, error FROM network WHERE session_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("reading the network log: %w", err)
	}
	defer rows.Close()
	var out []egress.Entry
	for rows.Next() {
		var e egress.Entry
		var ms int64
		var purpose string
		if err := rows.Scan(&e.Session, &ms, &purpose, &e.Method, &e.Host, &e.Path, &e.Status,
			&e.BytesOut, &e.BytesIn, &e.Error); err != nil {
			return nil, fmt.Errorf("reading the network log: %w", err)
		}
		e.Time, e.Purpose = fromMillis(ms), egress.Purpose(purpose)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading the network log: %w", err)
	}
	return out, nil
}
