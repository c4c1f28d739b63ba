package trust

import (
	"fmt"
	"path"
	"strings"

	"github.com/hearth-agent/hearth/agent/commands"
	"github.com/hearth-agent/hearth/agent/skills"
	"github.com/hearth-agent/hearth/agent/subagent"
)

// Markdown items are parsed by the feature's own parser (the same one its
// user-level files go through), so the description is of what loads.
var (
	commandFormat = format{kind: KindCommand, parse: parseCommand}
	agentFormat   = format{kind: KindAgent, parse: parseAgent}
	skillFormat   = format{kind: KindSkill, parse: parseSkill}
)

func parseCommand(rel string, b []byte) (any, description, error) {
	var d description
	name := rel
	for _, dir := range commands.Dirs {
		name = strings.TrimPrefix(name, dir+"/")
	}
	c, err := commands.Parse(strings.ReplaceAll(strings.TrimSuffix(name, ".md"), "/", ":"), b)
	if err != nil {
		return nil, d, err
	}
	c.Scope, c.Path = commands.ScopeProject, rel
	d.commands = c.ShellLines()
	var runs []string
	for _, ln := range d.commands {
		runs = append(runs, quote(ln))
	}
	switch {
	case len(runs) > 0:
		d.runs = true
		d.summary = fmt.Sprintf("slash command /%s runs %s when used", clean(c.Name), list(runs))
		d.brief = plural(len(runs), "shell line")
	case len(c.AllowedTools) > 0:
		// allowed-tools lets tools run unasked during the command's turn.
		d.runs = true
		d.summary = fmt.Sprintf("slash command /%s lets tools run without asking while it runs (%s)", clean(c.Name), clean(strings.Join(c.AllowedTools, ", ")))
		d.brief = "allowed tools"
	default:
		d.summary = fmt.Sprintf("slash command /%s is a prompt and runs nothing", clean(c.Name))
		d.brief = "a prompt"
	}
	return c, d, nil
}

func parseAgent(rel string, b []byte) (any, description, error) {
	var d description
	def, err := subagent.Parse(rel, b)
	if err != nil {
		return nil, d, err
	}
	d.runs, d.brief = true, "subagent"
	d.summary = fmt.Sprintf("defines subagent %q", clean(def.Name))
	if len(def.Tools) > 0 {
		d.summary += " with tools " + clean(strings.Join(def.Tools, ", "))
	}
	if def.Description != "" {
		d.summary += ": " + clean(def.Description)
	}
	return def, d, nil
}

// parseSkill reads a skill folder's SKILL.md; the loader digests the whole
// folder and names its other files.
func parseSkill(rel string, b []byte) (any, description, error) {
	var d description
	sk, err := skills.Parse(path.Base(rel), b)
	if err != nil {
		return nil, d, err
	}
	d.runs, d.brief = true, "skill"
	d.summary = fmt.Sprintf("skill %q", clean(sk.Name))
	if sk.Description != "" {
		d.summary += ": " + clean(sk.Description)
	}
	return sk, d, nil
}
