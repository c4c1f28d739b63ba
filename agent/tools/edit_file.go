package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

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

const editFileDescription = `Change a file you have read by replacing exact text. Each edit's search is whole lines copied from the file, enough to match one place (empty: create or append); replace is the new lines (empty: delete). Edits apply in order, all or none.`

const editFileSchema = `{"type":"object","properties":{"path":{"type":"string"},"edits":{"type":"array","minItems":1,"items":{"type":"object","properties":{"search":{"type":"string"},"replace":{"type":"string"}},"required":["search","replace"]}}},"required":["path","edits"]}`

// numbered is a line as read_file shows it: its number, a tab, its text.
var numbered = regexp.MustCompile(`^\s*\d+\t`)

// noMatchHint is the guidance the description leaves out, given with the
// failure it would have prevented: a SEARCH that matched nowhere.
func noMatchHint(err error, edits []edit.Edit) string {
	var nm *edit.NoMatchError
	var ee *edit.Error
	if !errors.As(err, &nm) {
		return ""
	}
	search := edits[0].Search
	if errors.As(err, &ee) && ee.Edit >= 1 && ee.Edit <= len(edits) {
		search = edits[ee.Edit-1].Search
	}
	lines, withNumber := 0, 0
	for _, l := range strings.Split(search, "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		lines++
		if numbered.MatchString(l) {
			withNumber++
		}
	}
	if lines > 0 && withNumber*2 > lines {
		return "\nThe search lines start with the line numbers read_file shows; they are not part of the file: copy only the text after the tab."
	}
	return "\nSearch must be whole lines copied exactly from the file as it is now (read it again if unsure); only trailing spaces and a shifted indentation are forgiven."
}

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
	old, existed, err := t.s.current(ctx, rel)
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
		return "", fmt.Errorf("edit_file: %s: %w%s", rel, err, noMatchHint(err, p.Edits))
	}
	if existed && bytes.Equal(updated, old) {
		return "", fmt.Errorf("edit_file: %s: the edits change nothing (search and replace are the same)", rel)
	}
	diff, note, err := t.s.commit(ctx, "edit_file", rel, old, existed, updated)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Applied %s to %s.\n%s", plural(len(p.Edits), "edit"), rel, clipDiff(diff)) + note, nil
}
