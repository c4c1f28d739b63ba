package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/hearth-agent/hearth/agent/tool"
)

const (
	grepDefaultMax  = 100
	grepHardMax     = 1000
	grepMaxLineLen  = 300
	grepMaxFileSize = 8 << 20 // larger files are skipped, like generated data
	grepCountLimit  = 10      // keep counting matches up to this many times the cap
)

// GrepParams are grep's arguments.
type GrepParams struct {
	Pattern    string `json:"pattern"`
	Path       string `json:"path,omitempty"`
	Include    string `json:"include,omitempty"`
	IgnoreCase bool   `json:"ignore_case,omitempty"`
	MaxResults int    `json:"max_results,omitempty"`
}

// Grep searches file contents with a regular expression.
type Grep struct{ s *session }

var _ tool.Tool = (*Grep)(nil)

const grepDescription = `Search file contents for an RE2 regular expression, line by line; prints "path:line: text". include keeps files matching a glob, e.g. "*.go".`

const grepSchema = `{"type":"object","properties":{"pattern":{"type":"string"},"path":{"type":"string"},"include":{"type":"string"},"ignore_case":{"type":"boolean"},"max_results":{"type":"integer"}},"required":["pattern"]}`

// Definition implements tool.Tool.
func (t *Grep) Definition() tool.Definition { return definition("grep", grepDescription, grepSchema) }

// Run implements tool.Tool.
func (t *Grep) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var p GrepParams
	if err := decode("grep", args, &p); err != nil {
		return "", err
	}
	q, err := compileQuery(p)
	if err != nil {
		return "", err
	}
	start, err := t.s.root.Rel(p.Path)
	if err != nil {
		return "", err
	}
	fi, err := t.s.root.Stat(start)
	if err != nil {
		return "", fmt.Errorf("grep: %w", err)
	}
	res, err := t.s.search(ctx, start, fi.IsDir(), q)
	if err != nil {
		return "", fmt.Errorf("grep: %w", err)
	}
	return res.render(p.Pattern, q.max), nil
}

// query is a validated grep request.
type query struct {
	re      *regexp.Regexp
	include string
	byName  bool
	max     int
}

func compileQuery(p GrepParams) (query, error) {
	if p.Pattern == "" {
		return query{}, fmt.Errorf("grep: pattern is required")
	}
	if p.MaxResults < 0 || p.MaxResults > grepHardMax {
		return query{}, fmt.Errorf("grep: max_results must be between 1 and %d", grepHardMax)
	}
	q := query{max: p.MaxResults, include: p.Include, byName: !strings.Contains(p.Include, "/")}
	if q.max == 0 {
		q.max = grepDefaultMax
	}
	if p.Include != "" && !doublestar.ValidatePattern(p.Include) {
		return query{}, fmt.Errorf("grep: invalid include pattern %q", p.Include)
	}
	flags := "(?m)"
	if p.IgnoreCase {
		flags = "(?mi)"
	}
	re, err := regexp.Compile(flags + p.Pattern)
	if err != nil {
		return query{}, fmt.Errorf("grep: invalid regular expression: %w (RE2 syntax: no lookaround or backreferences; escape ( [ { . * + ? | \\ to match them literally)", err)
	}
	q.re = re
	return q, nil
}

func (q query) wants(rel string) bool {
	if q.include == "" {
		return true
	}
	target := rel
	if q.byName {
		target = rel[strings.LastIndexByte(rel, '/')+1:]
	}
	ok, _ := doublestar.Match(q.include, target)
	return ok
}

// matchLines returns "path:line: text" for every matching line of content.
func (q query) matchLines(rel string, content []byte, limit int) []string {
	if len(content) > grepMaxFileSize || isBinary(content) || !q.re.Match(content) {
		return nil
	}
	var out []string
	line := 0
	for len(content) > 0 && len(out) < limit {
		line++
		i := bytes.IndexByte(content, '\n')
		var text []byte
		if i < 0 {
			text, content = content, nil
		} else {
			text, content = content[:i], content[i+1:]
		}
		text = bytes.TrimSuffix(text, []byte{'\r'})
		if q.re.Match(text) {
			s := string(text)
			if len(s) > grepMaxLineLen {
				s = cutUTF8(s, grepMaxLineLen) + " […]"
			}
			out = append(out, fmt.Sprintf("%s:%d: %s", rel, line, s))
		}
	}
	return out
}
