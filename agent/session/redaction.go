package session

import (
	"context"
	"database/sql"
	"encoding/json"
)

// redactStored rewrites the step's whole text, reasoning and hook runs if
// redaction changes them: deltas are flushed in pieces, so only the whole
// text shows a secret that straddled two flushes, and a secret registered
// during the step was not known when an earlier hook run was stored.
func (t *Turn) redactStored(ctx context.Context, tx *sql.Tx) error {
	var text, reasoning, hooks string
	if err := t.s.queryRow(ctx, tx, stStepText, t.id).Scan(&text, &reasoning, &hooks); err != nil {
		return err
	}
	rt, rr := t.s.opt.Redact(text), t.s.opt.Redact(reasoning)
	rh, err := redactHooks(hooks, text, t.s.opt.Redact)
	if err != nil {
		return err
	}
	if rt == text && rr == reasoning && rh == hooks {
		return nil
	}
	if _, err := tx.ExecContext(ctx, "UPDATE messages SET text = ?, reasoning = ?, hooks = ? WHERE id = ?",
		rt, rr, rh, t.id); err != nil {
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
		moved[id] = redactedOffset(runes, off, t.s.opt.Redact)
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

// redactStreaming redacts the whole text and hook runs of a dead writer's
// steps before they are closed, as Finish would have.
func (s *Store) redactStreaming(ctx context.Context, tx *sql.Tx, owner string) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, text, reasoning, hooks FROM messages
		WHERE state = 'streaming' AND owner = ?`, owner)
	if err != nil {
		return err
	}
	type fix struct {
		id                     int64
		text, reasoning, hooks string
	}
	var fixes []fix
	for rows.Next() {
		var f fix
		if err := rows.Scan(&f.id, &f.text, &f.reasoning, &f.hooks); err != nil {
			rows.Close()
			return err
		}
		rh, err := redactHooks(f.hooks, f.text, s.opt.Redact)
		if err != nil {
			rows.Close()
			return err
		}
		if rt, rr := s.opt.Redact(f.text), s.opt.Redact(f.reasoning); rt != f.text || rr != f.reasoning || rh != f.hooks {
			fixes = append(fixes, fix{f.id, rt, rr, rh})
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, f := range fixes {
		if _, err := tx.ExecContext(ctx, "UPDATE messages SET text = ?, reasoning = ?, hooks = ? WHERE id = ?",
			f.text, f.reasoning, f.hooks, f.id); err != nil {
			return err
		}
	}
	return nil
}

// redactHooks returns the stored hook runs col with their free text
// redacted and, when the step's text changes, each offset moved to the end
// of its redacted prefix; col itself when nothing changes.
func redactHooks(col, text string, redact func(string) string) (string, error) {
	runs := parseHooks(col)
	if len(runs) == 0 {
		return col, nil
	}
	runes, moved := []rune(text), redact(text) != text
	changed := false
	for i, h := range runs {
		r := h
		r.Command, r.Output, r.Problem = redact(h.Command), redact(h.Output), redact(h.Problem)
		if moved {
			r.TextOffset = redactedOffset(runes, h.TextOffset, redact)
		}
		if r != h {
			runs[i], changed = r, true
		}
	}
	if !changed {
		return col, nil
	}
	b, err := json.Marshal(runs)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// redactedOffset is where offset runes into text falls once text is
// redacted.
func redactedOffset(text []rune, offset int, redact func(string) string) int {
	offset = min(max(offset, 0), len(text))
	return len([]rune(redact(string(text[:offset]))))
}
