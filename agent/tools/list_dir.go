package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/hearth-agent/hearth/agent/tool"
)

const (
	listDefaultDepth = 2
	listMaxDepth     = 8
	listMaxEntries   = 1000
)

// ListDirParams are list_dir's arguments.
type ListDirParams struct {
	Path  string `json:"path,omitempty"`
	Depth int    `json:"depth,omitempty"`
}

// ListDir shows a directory tree, skipping ignored files.
type ListDir struct{ s *session }

var _ tool.Tool = (*ListDir)(nil)

const listDirDescription = `List a directory as an indented tree, depth levels deep (default 2), leaving out ignored files.`

const listDirSchema = `{"type":"object","properties":{"path":{"type":"string"},"depth":{"type":"integer"}}}`

// Definition implements tool.Tool.
func (t *ListDir) Definition() tool.Definition {
	return definition("list_dir", listDirDescription, listDirSchema)
}

// Run implements tool.Tool.
func (t *ListDir) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var p ListDirParams
	if err := decode("list_dir", args, &p); err != nil {
		return "", err
	}
	if p.Depth < 0 || p.Depth > listMaxDepth {
		return "", fmt.Errorf("list_dir: depth must be between 1 and %d", listMaxDepth)
	}
	if p.Depth == 0 {
		p.Depth = listDefaultDepth
	}
	rel, err := t.s.root.Rel(p.Path)
	if err != nil {
		return "", err
	}
	fi, err := t.s.root.Stat(rel)
	if err != nil {
		return "", fmt.Errorf("list_dir: %w", err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("list_dir: %s is a file — use read_file", rel)
	}
	l := &lister{s: t.s}
	if err := l.list(ctx, rel, 0, p.Depth); err != nil {
		return "", err
	}
	head := rel + "/"
	if rel == "." {
		head = "./ (workspace root)"
	}
	out := head + "\n" + l.b.String()
	if l.n == 0 {
		out += "  (empty)\n"
	}
	if l.cut {
		out += fmt.Sprintf("[listing stopped at %d entries — list a subdirectory or lower depth]\n", listMaxEntries)
	}
	if l.ignored > 0 {
		out += fmt.Sprintf("[%d ignored entries not shown]\n", l.ignored)
	}
	return strings.TrimRight(out, "\n"), nil
}

type lister struct {
	s       *session
	b       strings.Builder
	n       int
	ignored int
	cut     bool
}

func (l *lister) list(ctx context.Context, dir string, level, depth int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	ents, err := l.s.root.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("list_dir: %w", err)
	}
	indent := strings.Repeat("  ", level+1)
	for _, e := range ents {
		if l.n >= listMaxEntries {
			l.cut = true
			return nil
		}
		rel := path.Join(dir, e.Name())
		isDir := e.IsDir()
		if l.s.ignore.Ignored(rel, isDir) || (!isDir && l.s.gate.ReadDenied(rel)) {
			l.ignored++
			continue
		}
		l.n++
		switch {
		case e.Type()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(l.s.root.Abs(rel))
			fmt.Fprintf(&l.b, "%s%s -> %s\n", indent, e.Name(), target)
		case isDir:
			fmt.Fprintf(&l.b, "%s%s/\n", indent, e.Name())
			if level+1 < depth {
				if err := l.list(ctx, rel, level+1, depth); err != nil {
					return err
				}
			}
		default:
			fmt.Fprintf(&l.b, "%s%s\n", indent, e.Name())
		}
	}
	return nil
}
