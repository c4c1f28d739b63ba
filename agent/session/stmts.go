package session

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// stmt names one of the statements every turn writes. They are prepared
// once on the write connection when the Store opens, because parsing their
// SQL again for each write was most of a write's CPU time.
type stmt int

const (
	stInsertSession stmt = iota
	stTouchLiveSession
	stTouchSession
	stInsertMessage
	stAutoTitle
	stSetTypedOrigin
	stInsertAttachment
	stAppendDeltas
	stInsertToolCall
	stFinishToolCall
	stInterruptRunningTools
	stStepText
	stFinishMessage
	stAddSessionUsage
	stAnswerClientCall
	stNextToolAttachment
	stInsertToolAttachment
	stmtCount
)

var stmtSQL = [stmtCount]string{
	stInsertSession: `INSERT INTO sessions
		(id, workspace, provider, model, mode, choice_provider, choice_model, choice_effort, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	stTouchLiveSession: "UPDATE sessions SET updated_at = ? WHERE id = ? AND deleted_at IS NULL",
	stTouchSession:     "UPDATE sessions SET updated_at = ? WHERE id = ?",
	stInsertMessage: `INSERT INTO messages
		(session_id, seq, role, text, state, provider, model, started_at, finished_at, owner,
		 input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, reasoning_tokens, cost_microusd, parent)
		VALUES (?1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM messages WHERE session_id = ?1),
		 ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,
		 (SELECT id FROM messages WHERE session_id = ?1 AND hidden = 0 ORDER BY seq DESC LIMIT 1))
		RETURNING id, seq`,
	stAutoTitle: `UPDATE sessions SET title = ?, title_source = 'auto'
		WHERE id = ? AND title_source = ''`,
	stSetTypedOrigin: "UPDATE messages SET typed = ?, origin = ? WHERE id = ?",
	stInsertAttachment: `INSERT INTO attachments
		(message_id, ord, kind, media_type, name, text, sha256, size) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
	stAppendDeltas: `UPDATE messages SET text = text || ?, reasoning = reasoning || ?,
		first_token_at = COALESCE(first_token_at, ?) WHERE id = ?`,
	stInsertToolCall: `INSERT INTO tool_calls
		(message_id, seq, call_id, name, args, status, started_at, text_offset)
		VALUES (?1, ?2, ?3, ?4, ?5, 'running', ?6, (SELECT length(text) FROM messages WHERE id = ?1))`,
	stFinishToolCall: `UPDATE tool_calls SET status = ?, approval = ?, output = ?,
		full_output = ?, finished_at = ?, subagent = ? WHERE message_id = ? AND call_id = ?`,
	stInterruptRunningTools: `UPDATE tool_calls SET status = 'interrupted', finished_at = ?
		WHERE message_id = ? AND status = 'running'`,
	stStepText: "SELECT text, reasoning, hooks FROM messages WHERE id = ?",
	stFinishMessage: `UPDATE messages SET state = ?, error = ?, finished_at = ?,
		input_tokens = ?, output_tokens = ?, cache_read_tokens = ?, cache_write_tokens = ?,
		reasoning_tokens = ?, cost_microusd = ?, reasoning_signature = ? WHERE id = ?`,
	stAddSessionUsage: `UPDATE sessions SET
		input_tokens = input_tokens + ?, output_tokens = output_tokens + ?,
		cache_read_tokens = cache_read_tokens + ?, cache_write_tokens = cache_write_tokens + ?,
		reasoning_tokens = reasoning_tokens + ?, cost_microusd = cost_microusd + ?
		WHERE id = ?`,
	stAnswerClientCall: `UPDATE tool_calls SET status = ?, output = ?, finished_at = ?
		WHERE id = (SELECT t.id FROM tool_calls t JOIN messages m ON m.id = t.message_id
			WHERE m.session_id = ? AND t.call_id = ? AND t.approval = ? AND t.status = 'interrupted' AND t.output = ''
			ORDER BY t.message_id DESC LIMIT 1)`,
	stNextToolAttachment: "SELECT COALESCE(MAX(ord) + 1, 0) FROM attachments WHERE message_id = ?",
	stInsertToolAttachment: `INSERT INTO attachments
		(message_id, ord, call_id, kind, media_type, name, text, sha256, size) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
}

// prepareWrites prepares every stmt on the write connection. It runs once
// the schema is current and before any transaction is open: with one
// connection, a Prepare during a transaction would wait for it forever.
func (s *Store) prepareWrites(ctx context.Context) error {
	for i, q := range stmtSQL {
		st, err := s.w.PrepareContext(ctx, q)
		if err != nil {
			return fmt.Errorf("preparing %q: %w", strings.Join(strings.Fields(q)[:3], " "), err)
		}
		s.stmts[i] = st
	}
	return nil
}

// exec runs a prepared statement within tx.
func (s *Store) exec(ctx context.Context, tx *sql.Tx, st stmt, args ...any) (sql.Result, error) {
	return tx.StmtContext(ctx, s.stmts[st]).ExecContext(ctx, args...)
}

// queryRow runs a prepared single-row query within tx.
func (s *Store) queryRow(ctx context.Context, tx *sql.Tx, st stmt, args ...any) *sql.Row {
	return tx.StmtContext(ctx, s.stmts[st]).QueryRowContext(ctx, args...)
}

// closeStmts releases the prepared statements before their connection. It
// leaves them in place: a turn still writing after Close then gets the
// closed database's error, not a nil statement.
func (s *Store) closeStmts() error {
	var first error
	for _, st := range s.stmts {
		if st == nil {
			continue
		}
		if err := st.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}
