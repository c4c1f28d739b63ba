package session

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Hit is one message matching a search.
type Hit struct {
	SessionID string    `json:"session_id"`
	Title     string    `json:"title"`
	Workspace string    `json:"workspace"`
	MessageID int64     `json:"message_id"`
	Role      Role      `json:"role"`
	Snippet   string    `json:"snippet"` // matched terms wrapped in [ and ]
	At        time.Time `json:"at"`
}

// SearchOptions narrow a search.
type SearchOptions struct {
	Workspace string // "" searches every workspace
	Limit     int    // 50 when 0
}

// Search finds messages containing every word of query (each word also
// matches as a prefix), newest first, across all live sessions.
// Query syntax characters are taken literally, so any user input is safe.
func (s *Store) Search(ctx context.Context, query string, o SearchOptions) ([]Hit, error) {
	match := ftsQuery(query)
	if match == "" {
		return nil, nil
	}
	if o.Limit <= 0 {
		o.Limit = 50
	}
	q := `SELECT m.session_id, s.title, s.workspace, m.id, m.role, m.started_at,
		snippet(messages_fts, 0, '[', ']', '…', 12)
		FROM messages_fts
		JOIN messages m ON m.id = messages_fts.rowid AND m.hidden = 0
		JOIN sessions s ON s.id = m.session_id AND s.deleted_at IS NULL
		WHERE messages_fts MATCH ?`
	args := []any{match}
	if o.Workspace != "" {
		q += " AND s.workspace = ?"
		args = append(args, o.Workspace)
	}
	// Newest first: FTS5 walks its index backwards and stops at the limit,
	// so a query matching most of history costs no more than a rare one
	// (ranking by relevance would score every match first).
	q += " ORDER BY messages_fts.rowid DESC LIMIT ?"
	args = append(args, o.Limit)
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("searching sessions: %w", err)
	}
	defer rows.Close()
	var out []Hit
	for rows.Next() {
		var h Hit
		var at int64
		if err := rows.Scan(&h.SessionID, &h.Title, &h.Workspace, &h.MessageID, &h.Role, &at, &h.Snippet); err != nil {
			return nil, fmt.Errorf("searching sessions: %w", err)
		}
		h.At = fromMillis(at)
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("searching sessions: %w", err)
	}
	return out, nil
}

// ftsQuery quotes each word of a user's query as an FTS5 string with prefix
// matching, so operators and punctuation in the input are never parsed.
func ftsQuery(query string) string {
	var terms []string
	for _, w := range strings.Fields(query) {
		terms = append(terms, `"`+strings.ReplaceAll(w, `"`, `""`)+`"*`)
	}
	return strings.Join(terms, " ")
}
