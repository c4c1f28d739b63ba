package session

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
)

// HookRun is a hook command that ran within a message: before the model
// answered (on the prompt) or during a step, after the call named After
// and TextOffset runes of the step's text.
type HookRun struct {
	Event      string `json:"event"`
	Command    string `json:"command"`
	ExitCode   int    `json:"exit_code"`
	DurationMs int64  `json:"duration_ms"`
	Output     string `json:"output,omitempty"`
	Problem    string `json:"problem,omitempty"`
	Blocked    bool   `json:"blocked,omitempty"`
	After      string `json:"after,omitempty"`
	TextOffset int    `json:"text_offset"`
}

// AddHookRun adds a hook run to a stored message (a prompt, or a step
// already finished).
func (s *Store) AddHookRun(ctx context.Context, messageID int64, h HookRun) error {
	err := s.write(ctx, func(tx *sql.Tx) error { return s.appendHook(ctx, tx, messageID, h) })
	if err != nil {
		return fmt.Errorf("saving the hook run: %w", err)
	}
	return nil
}

// HookRan adds a hook run to the step, where its text has got to.
func (t *Turn) HookRan(ctx context.Context, h HookRun) error {
	return t.event(ctx, "saving the hook run", false, func(ctx context.Context, tx *sql.Tx) error {
		return t.s.appendHook(ctx, tx, t.id, h)
	})
}

func (s *Store) appendHook(ctx context.Context, tx *sql.Tx, messageID int64, h HookRun) error {
	var col string
	var textLen int
	if err := tx.QueryRowContext(ctx, "SELECT hooks, length(text) FROM messages WHERE id = ?", messageID).Scan(&col, &textLen); err != nil {
		if err == sql.ErrNoRows {
			return fmt.Errorf("%w: message %d", ErrNotFound, messageID)
		}
		return err
	}
	runs := parseHooks(col)
	h.Command, h.Output, h.Problem = s.opt.Redact(h.Command), s.opt.Redact(h.Output), s.opt.Redact(h.Problem)
	h.TextOffset = textLen
	b, err := json.Marshal(append(runs, h))
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "UPDATE messages SET hooks = ? WHERE id = ?", string(b), messageID)
	return err
}

// parseHooks reads the stored list; a damaged value reads as none.
func parseHooks(col string) []HookRun {
	if col == "" {
		return nil
	}
	var runs []HookRun
	if json.Unmarshal([]byte(col), &runs) != nil {
		return nil
	}
	return runs
}
