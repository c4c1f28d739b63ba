package session

import (
	"context"
	"database/sql"
)

// ClientResult is what an API client sent back for a call of its own tool.
type ClientResult struct {
	CallID  string
	Output  string
	IsError bool
}

// SetClientResults stores results on the session's calls of client tools
// that still wait for them (ApprovalClient, interrupted, no output); it
// returns how many it answered, so a caller can store calls it did not
// find.
func (s *Store) SetClientResults(ctx context.Context, sessionID string, results []ClientResult) (int, error) {
	n := 0
	err := s.write(ctx, func(tx *sql.Tx) error {
		now := toMillis(s.opt.Now())
		for _, r := range results {
			status := ToolOK
			if r.IsError {
				status = ToolError
			}
			res, err := s.exec(ctx, tx, stAnswerClientCall,
				string(status), s.opt.Redact(r.Output), now, sessionID, r.CallID, string(ApprovalClient))
			if err != nil {
				return err
			}
			k, _ := res.RowsAffected()
			n += int(k)
		}
		_, err := s.exec(ctx, tx, stTouchSession, now, sessionID)
		return err
	})
	return n, err
}
