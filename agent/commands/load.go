// Package commands provides slash commands in the format Claude Code
// documents: Markdown files under .claude/commands and .hearth/commands of
// the workspace (project) and of the user's home (user), subfolders as
// namespaces, front matter naming a description, an argument hint, a model
// and allowed tools. A project's commands come from agent/trust, which
// parses them with Parse and hands on the trusted ones; user commands are
// the person's own.
package commands

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Dirs are where commands live, relative to the workspace or the home.
var Dirs = []string{".claude/commands", ".hearth/commands"}

// maxFileBytes bounds one command file.
const maxFileBytes = 256 << 10

// Scope is where a command comes from.
type Scope string

const (
	ScopeBuiltin Scope = "builtin"
	ScopeUser    Scope = "user"
	ScopeProject Scope = "project"
	ScopeMCP     Scope = "mcp"
)

// Command is one slash command as written.
type Command struct {
	Name         string // without the slash; namespaces joined by ":"
	Description  string
	ArgumentHint string
	Model        string
	AllowedTools []string
	Body         string
	Scope        Scope
	Path         string // the file, for messages
}

// Sources says where to load commands from.
type Sources struct {
	Home string // "" leaves user commands out
	// Project are the workspace's trusted commands, parsed by agent/trust.
	Project []Command
}

// Set is the loaded commands by name.
type Set struct {
	byName map[string]Command
}

// Load reads the user's commands, then takes the project's; a project
// command replaces a user one of the same name.
func Load(src Sources) (*Set, error) {
	s := &Set{byName: map[string]Command{}}
	if src.Home != "" {
		for _, d := range Dirs {
			if err := s.loadUser(filepath.Join(src.Home, filepath.FromSlash(d))); err != nil {
				return nil, err
			}
		}
	}
	for _, c := range src.Project {
		s.byName[c.Name] = c
	}
	return s, nil
}

func (s *Set) loadUser(dir string) error {
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".md") || !d.Type().IsRegular() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		fi, err := d.Info()
		if err != nil || fi.Size() > maxFileBytes {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		c, err := Parse(nameOf(filepath.ToSlash(rel)), b)
		if err != nil {
			return fmt.Errorf("command %s: %w", p, err)
		}
		c.Scope, c.Path = ScopeUser, p
		s.byName[c.Name] = c
		return nil
	})
	return err
}

// nameOf turns "frontend/review.md" into "frontend:review".
func nameOf(rel string) string {
	return strings.ReplaceAll(strings.TrimSuffix(path.Clean(rel), ".md"), "/", ":")
}

// Get finds a command by name (without the slash).
func (s *Set) Get(name string) (Command, bool) {
	if s == nil {
		return Command{}, false
	}
	c, ok := s.byName[name]
	return c, ok
}

// All lists the commands sorted by name.
func (s *Set) All() []Command {
	if s == nil {
		return nil
	}
	out := make([]Command, 0, len(s.byName))
	for _, c := range s.byName {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Command) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// frontMatter is the YAML block a command may start with.
type frontMatter struct {
	Description  string `yaml:"description"`
	ArgumentHint string `yaml:"argument-hint"`
	Model        string `yaml:"model"`
	AllowedTools any    `yaml:"allowed-tools"` // "A, B" or a list
}

// Parse reads one command file: optional YAML front matter, then the body.
func Parse(name string, b []byte) (Command, error) {
	c := Command{Name: name}
	text := strings.ReplaceAll(string(b), "\r\n", "\n")
	body := text
	if rest, ok := strings.CutPrefix(text, "---\n"); ok {
		block, after, found := strings.Cut(rest, "\n---")
		if !found {
			return c, errors.New("front matter opened with --- is never closed")
		}
		var fm frontMatter
		if err := yaml.Unmarshal([]byte(block), &fm); err != nil {
			return c, fmt.Errorf("front matter: %w", err)
		}
		c.Description, c.ArgumentHint, c.Model = fm.Description, fm.ArgumentHint, fm.Model
		c.AllowedTools = toolList(fm.AllowedTools)
		_, body, _ = strings.Cut(after, "\n")
	}
	c.Body = strings.TrimSpace(body)
	if c.Description == "" {
		first, _, _ := strings.Cut(c.Body, "\n")
		c.Description = strings.TrimSpace(strings.TrimLeft(first, "# "))
	}
	return c, nil
}

func toolList(v any) []string {
	var out []string
	switch v := v.(type) {
	case string:
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	case []any:
		for _, p := range v {
			if s, ok := p.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}
