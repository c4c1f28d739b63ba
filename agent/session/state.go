package session

import (
	"context"
	"encoding/json"
	"fmt"
)

// Todo is one item of a conversation's todo list, as the todo tool keeps it.
type Todo struct {
	Content string `json:"content"`
	Status  string `json:"status"` // pending, in_progress or completed
}

// SetMode records the mode the conversation works in, so reopening it
// restores the mode.
func (s *Store) SetMode(ctx context.Context, id, mode string) error {
	return s.updateOne(ctx, "saving the conversation's mode",
		"UPDATE sessions SET mode = ? WHERE id = ? AND deleted_at IS NULL", mode, id)
}

// SetChoice records the provider, model and effort picked for the
// conversation, so reopening it restores them.
func (s *Store) SetChoice(ctx context.Context, id string, ch Choice) error {
	return s.updateOne(ctx, "saving the conversation's model choice",
		"UPDATE sessions SET choice_provider = ?, choice_model = ?, choice_effort = ? WHERE id = ? AND deleted_at IS NULL",
		ch.Provider, ch.Model, ch.Effort, id)
}

// SetWorktree records the worktree the conversation works in ("" for
// none), so continuing it works there again.
func (s *Store) SetWorktree(ctx context.Context, id, worktree string) error {
	var v any
	if worktree != "" {
		v = worktree
	}
	return s.updateOne(ctx, "saving the conversation's worktree",
		"UPDATE sessions SET worktree = ? WHERE id = ? AND deleted_at IS NULL", v, id)
}

// SetTodos records the conversation's todo list as it stands.
func (s *Store) SetTodos(ctx context.Context, id string, todos []Todo) error {
	b, err := json.Marshal(todos)
	if err != nil {
		return fmt.Errorf("saving the todo list: %w", err)
	}
	if len(todos) == 0 {
		b = nil
	}
	return s.updateOne(ctx, "saving the todo list",
		"UPDATE sessions SET todos = ? WHERE id = ? AND deleted_at IS NULL", string(b), id)
}

// decodeTodos reads the stored todo list; a damaged one reads as empty
// rather than hiding the conversation.
func decodeTodos(s string) []Todo {
	if s == "" {
		return nil
	}
	var out []Todo
	if json.Unmarshal([]byte(s), &out) != nil {
		return nil
	}
	return out
}
