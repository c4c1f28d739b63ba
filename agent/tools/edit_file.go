package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/hearth-agent/hearth/agent/edit"
	"github.com/hearth-agent/hearth/agent/tool"
)

// EditFileParams are edit_file's arguments.
type EditFileParams struct {
	Path  string      `json:"path"`
	Edits []edit.Edit `json:"edits"`
}

// EditFile applies SEARCH/REPLACE edits to one file.
type EditFile struct{ s *session }

var _ tool.Tool = (*EditFile)(nil)

const editFileDescription = `Change part of a file by replacing exact text. Give a list of edits, each {search, replace}:
- search: lines copied exactly from the file as read_file showed them (without the line-number prefix), with enough surrounding lines to fit exactly one place. Whole lines are matched; trailing whitespace and a uniformly shifted indentation are tolerated, nothing else is guessed.
- replace: the lines to put there. Empty replace deletes the lines.
- An empty search creates the file (with parent directories) or appends to it.
- A line "..." in both search and replace skips unchanged lines between the parts around it.
Edits apply in order, each to the result of the previous one; if any edit fails, none is applied and the error says why (no match: the closest lines; several matches: their line numbers — add context to pick one).
You must read_file the file in this session first, and again if it changed since. Line endings, a missing final newline, BOM, tabs and permissions are kept. The user may be asked to approve the diff.`

const editFileSchema = `{
  "type": "object",
  "properties": {
    "path": {"type": "string", "description": "File path relative to the workspace root"},
    "edits": {
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "object",
        "properties": {
          "search": {"type": "string", "description": "Exact existing lines to replace (empty: create or append)"},
          "replace": {"type": "string", "description": "Replacement lines (empty: delete)"}
        },
        "required": ["search", "replace"],
        "additionalProperties": false
      }
    }
  },
  "required": ["path", "edits"],
  "additionalProperties": false
}`

// Definition implements tool.Tool.
func (t *EditFile) Definition() tool.Definition {
	return definition("edit_file", editFileDescription, editFileSchema)
}

// Run implements tool.Tool.
func (t *EditFile) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var p EditFileParams
	if err := decode("edit_file", args, &p); err != nil {
		return "", err
	}
	if p.Path == "" {
		return "", fmt.Errorf("edit_file: path is required")
	}
	if len(p.Edits) == 0 {
		return "", fmt.Errorf("edit_file: %w", edit.ErrNoEdits)
	}
	rel, err := t.s.root.CheckWrite(p.Path)
	if err != nil {
		return "", err
	}
	t.s.changeMu.Lock()
	defer t.s.changeMu.Unlock()
	old, existed, err := t.s.current(rel)
	if err != nil {
		return "", fmt.Errorf("edit_file: %w", err)
	}
	if existed {
		if err := t.s.reads.check(rel, old); err != nil {
			return "", err
		}
	} else if p.Edits[0].Search != "" {
		return "", fmt.Errorf("edit_file: %s does not exist — to create it, use an edit with an empty search (or write_file)", rel)
	}
	updated, err := edit.ApplyWith(old, p.Edits, edit.Options{Elsewhere: t.s.elsewhere(ctx, rel)})
	if err != nil {
		return "", fmt.Errorf("edit_file: %s: %w", rel, err)
	}
	if existed && bytes.Equal(updated, old) {
		return "", fmt.Errorf("edit_file: %s: the edits change nothing (search and replace are the same)", rel)
	}
	diff, err := t.s.commit(ctx, "edit_file", rel, old, existed, updated)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Applied %s to %s.\n%s", plural(len(p.Edits), "edit"), rel, clipDiff(diff)), nil
}
