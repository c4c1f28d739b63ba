package tools

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hearth-agent/hearth/agent/tool"
)

// WriteFileParams are write_file's arguments.
type WriteFileParams struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

// WriteFile creates or replaces a whole file.
type WriteFile struct{ s *session }

var _ tool.Tool = (*WriteFile)(nil)

const writeFileDescription = `Create a file, or replace the whole of one you have read. To change part of a file use edit_file.`

const writeFileSchema = `{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}`

// Definition implements tool.Tool.
func (t *WriteFile) Definition() tool.Definition {
	return definition("write_file", writeFileDescription, writeFileSchema)
}

// Run implements tool.Tool.
func (t *WriteFile) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var p WriteFileParams
	if err := decode("write_file", args, &p); err != nil {
		return "", err
	}
	if p.Path == "" {
		return "", fmt.Errorf("write_file: path is required")
	}
	rel, err := t.s.root.CheckWrite(p.Path)
	if err != nil {
		return "", err
	}
	t.s.changeMu.Lock()
	defer t.s.changeMu.Unlock()
	old, existed, err := t.s.current(ctx, rel)
	if err != nil {
		return "", fmt.Errorf("write_file: %w", err)
	}
	if existed {
		if err := t.s.reads.check(rel, old); err != nil {
			return "", err
		}
	}
	content := []byte(p.Content)
	_, note, err := t.s.commit(ctx, "write_file", rel, old, existed, content)
	if err != nil {
		return "", err
	}
	verb := "Created"
	if existed {
		verb = "Replaced"
	}
	return fmt.Sprintf("%s %s (%s, %s).", verb, rel, plural(countLines(content), "line"), humanSize(int64(len(content)))) + note, nil
}
