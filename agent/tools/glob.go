package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/hearth-agent/hearth/agent/tool"
)

const globMaxResults = 500

// GlobParams are glob's arguments.
type GlobParams struct {
	Pattern string `json:"pattern"`
	Path    string `json:"path,omitempty"`
}

// Glob finds files by name pattern.
type Glob struct{ s *session }

var _ tool.Tool = (*Glob)(nil)

const globDescription = `Find files by glob pattern, e.g. "**/*.go"; a pattern without "/" matches names at any depth. path is where to start. Ignored files are skipped.`

const globSchema = `{"type":"object","properties":{"pattern":{"type":"string"},"path":{"type":"string"}},"required":["pattern"]}`

// Definition implements tool.Tool.
func (t *Glob) Definition() tool.Definition { return definition("glob", globDescription, globSchema) }

// Run implements tool.Tool.
func (t *Glob) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var p GlobParams
	if err := decode("glob", args, &p); err != nil {
		return "", err
	}
	if p.Pattern == "" {
		return "", fmt.Errorf("glob: pattern is required")
	}
	if !doublestar.ValidatePattern(p.Pattern) {
		return "", fmt.Errorf("glob: invalid pattern %q", p.Pattern)
	}
	start, err := t.s.root.Rel(p.Path)
	if err != nil {
		return "", err
	}
	if fi, err := t.s.root.Stat(start); err != nil {
		return "", fmt.Errorf("glob: %w", err)
	} else if !fi.IsDir() {
		return "", fmt.Errorf("glob: %s is not a directory", start)
	}
	byName := !strings.Contains(p.Pattern, "/")
	var hits []string
	more := false
	err = t.s.walkFiles(ctx, start, func(rel string) error {
		sub := relTo(start, rel)
		target := sub
		if byName {
			target = sub[strings.LastIndexByte(sub, '/')+1:]
		}
		if ok, _ := doublestar.Match(p.Pattern, target); !ok {
			return nil
		}
		if len(hits) == globMaxResults {
			more = true
			return errStopWalk
		}
		hits = append(hits, rel)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("glob: %w", err)
	}
	if len(hits) == 0 {
		return fmt.Sprintf("No files match %q under %s (ignored files are skipped; * and ? stop at \"/\", ** crosses directories).", p.Pattern, start), nil
	}
	out := strings.Join(hits, "\n")
	if more {
		out += fmt.Sprintf("\n[stopped at %d files — use a narrower pattern or path]", globMaxResults)
	}
	return out, nil
}
