package session

import (
	"context"
	"database/sql"
)

// redactStored rewrites the step's whole text and reasoning if redaction
// changes them: deltas are flushed in pieces, so only the whole text shows a
// secret that straddled two flushes.
func (t *Turn) redactStored(ctx context.Context, tx *sql.Tx) error {
	var text, reasoning string
	if err := t.s.queryRow(ctx, tx, stStepText, t.id).Scan(&text, &reasoning); err != nil {
		return err
	}
	rt, rr := t.s.opt.Redact(text), t.s.opt.Redact(reasoning)
	if rt == text && rr == reasoning {
		return nil
	}
	if _, err := tx.ExecContext(ctx, "UPDATE messages SET text = ?, reasoning = ? WHERE id = ?",
		rt, rr, t.id); err != nil {
		return err
	}
	if rt == text {
		return nil
	}
	// Redaction changed the text's length: move each tool call's offset to
	// the end of its redacted prefix.
	runes := []rune(text)
	rows, err := tx.QueryContext(ctx, "SELECT id, text_offset FROM tool_calls WHERE message_id = ?", t.id)
	if err != nil {
		return err
	}
	moved := map[int64]int{}
	for rows.Next() {
		var id int64
		var off int
		if err := rows.Scan(&id, &off); err != nil {
			rows.Close()
			return err
		}
		off = min(off, len(runes))
		moved[id] = len([]rune(t.s.opt.Redact(string(runes[:off]))))
	}
	err = rows.Err()
	rows.Close()
	if err != nil {
		return err
	}
	for id, off := range moved {
		if _, err := tx.ExecContext(ctx, "UPDATE tool_calls SET text_offset = ? WHERE id = ?", off, id); err != nil {
			return err
		}
	}
	return nil
}

// redactStreaming redacts the whole text of a dead writer's steps before
// they are closed, as Finish would have.
func (s *Store) redactStreaming(ctx context.Context, tx *sql.Tx, owner string) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, text, reasoning FROM messages
		WHERE state = 'streaming' AND owner = ?`, owner)
	if err != nil {
		return err
	}
	type fix struct {
		id              int64
		text, reasoning string
	}
	var fixes []fix
	for rows.Next() {
		var f fix
		if err := rows.Scan(&f.id, &f.text, &f.reasoning); err != nil {
			rows.Close()
			return err
		}
		if rt, rr := s.opt.Redact(f.text), s.opt.Redact(f.reasoning); rt != f.text || rr != f.reasoning {
			fixes = append(fixes, fix{f.id, rt, rr})
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, f := range fixes {
		if _, err := tx.ExecContext(ctx, "UPDATE messages SET text = ?, reasoning = ? WHERE id = ?",
			f.text, f.reasoning, f.id); err != nil {
			return err
		}
	}
	return nil
}
