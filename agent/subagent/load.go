package subagent

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Dirs are where agent files live, under the workspace and under the
// user's home alike.
var Dirs = []string{filepath.Join(".claude", "agents"), filepath.Join(".hearth", "agents")}

var validName = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`)

// claudeTools maps Claude Code's tool names onto Hearth's.
var claudeTools = map[string]string{
	"Read": "read_file", "Write": "write_file", "Edit": "edit_file", "MultiEdit": "edit_file",
	"Bash": "shell", "Grep": "grep", "Glob": "glob", "LS": "list_dir", "TodoWrite": "todo",
	"WebFetch": "web_fetch", "WebSearch": "web_search",
}

// Parse reads an agent file: YAML front matter with name, description,
// tools (a comma-separated string or a list) and model; the body is the
// system prompt.
func Parse(source string, b []byte) (Def, error) {
	s := strings.ReplaceAll(string(b), "\r\n", "\n")
	rest, ok := strings.CutPrefix(s, "---\n")
	if !ok {
		return Def{}, fmt.Errorf("%s: no front matter (the file must start with a --- line)", source)
	}
	head, body, ok := strings.Cut(rest, "\n---")
	if !ok {
		return Def{}, fmt.Errorf("%s: the front matter has no closing --- line", source)
	}
	var fm struct {
		Name        string    `yaml:"name"`
		Description string    `yaml:"description"`
		Tools       yaml.Node `yaml:"tools"`
		Model       string    `yaml:"model"`
	}
	dec := yaml.NewDecoder(bytes.NewReader([]byte(head)))
	if err := dec.Decode(&fm); err != nil {
		return Def{}, fmt.Errorf("%s: front matter: %w", source, err)
	}
	switch {
	case !validName.MatchString(fm.Name):
		return Def{}, fmt.Errorf("%s: name %q must be lowercase letters, digits, - and _", source, fm.Name)
	case strings.TrimSpace(fm.Description) == "":
		return Def{}, fmt.Errorf("%s: description is required (the main agent picks agents by it)", source)
	}
	tools, err := toolNames(fm.Tools)
	if err != nil {
		return Def{}, fmt.Errorf("%s: tools: %w", source, err)
	}
	_, body, _ = strings.Cut(body, "\n")
	d := Def{Name: fm.Name, Description: strings.TrimSpace(fm.Description), Tools: tools,
		Instructions: strings.TrimSpace(body), Source: source}
	if m := strings.TrimSpace(fm.Model); m != "inherit" {
		d.Model = m
	}
	if d.Model == "haiku" { // Claude Code's alias for its small model
		d.Model, d.Fast = "", true
	} else if d.Model == "sonnet" || d.Model == "opus" {
		d.Model = ""
	}
	return d, nil
}

// toolNames reads the tools field: absent is nil (the main agent's tools).
func toolNames(n yaml.Node) ([]string, error) {
	var raw []string
	switch n.Kind {
	case 0:
		return nil, nil
	case yaml.ScalarNode:
		for _, t := range strings.Split(n.Value, ",") {
			raw = append(raw, strings.TrimSpace(t))
		}
	case yaml.SequenceNode:
		if err := n.Decode(&raw); err != nil {
			return nil, err
		}
	default:
		return nil, errors.New("must be a comma-separated list or a YAML list")
	}
	out := []string{}
	for _, t := range raw {
		if mapped, ok := claudeTools[t]; ok {
			t = mapped
		}
		if t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out, nil
}

// LoadOptions say where agents come from.
type LoadOptions struct {
	Home string // the user's home; "" loads no user agents
	// Project are the workspace's trusted agents, parsed by agent/trust.
	Project []Def
}

// Load returns the built-in agents, then the user's, then the
// workspace's trusted ones; a later one replaces an earlier one of the
// same name. Files that cannot be used are reported in errs and skipped.
func Load(o LoadOptions) (defs []Def, errs []error) {
	defs, err := Builtins()
	if err != nil {
		return nil, []error{err}
	}
	add := func(d Def) {
		if i := slices.IndexFunc(defs, func(x Def) bool { return x.Name == d.Name }); i >= 0 {
			defs[i] = d
			return
		}
		defs = append(defs, d)
	}
	if o.Home != "" {
		for _, dir := range Dirs {
			files, _ := filepath.Glob(filepath.Join(o.Home, dir, "*.md"))
			slices.Sort(files)
			for _, f := range files {
				b, err := os.ReadFile(f)
				if err == nil {
					var d Def
					if d, err = Parse(f, b); err == nil {
						add(d)
						continue
					}
				}
				errs = append(errs, err)
			}
		}
	}
	for _, d := range o.Project {
		add(d)
	}
	return defs, errs
}
