package skills

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hearth-agent/hearth/agent/tool"
)

// Tool loads a skill's instructions, or one of its folder's files, when
// the model decides the skill applies.
type Tool struct{ skills []Skill }

// NewTool offers the enabled skills of s; nil when there are none.
func NewTool(s *Set) *Tool {
	if on := s.Enabled(); len(on) > 0 {
		return &Tool{skills: on}
	}
	return nil
}

// ToolName is the tool's name as the model sees it.
const ToolName = "skill"

// Params are the tool's arguments.
type Params struct {
	Name string `json:"name"`
	File string `json:"file,omitempty"`
}

func (t *Tool) Definition() tool.Definition {
	return tool.Definition{
		Name: ToolName,
		Description: "Load a skill's instructions when its description fits the task (the skills are listed in the system prompt). " +
			"Pass file to read another file of that skill's folder (a script, a template, a reference it names).",
		Parameters: json.RawMessage(`{"type":"object","properties":{` +
			`"name":{"type":"string","description":"the skill's name"},` +
			`"file":{"type":"string","description":"a file of the skill's folder, relative to it; omit for its instructions"}},` +
			`"required":["name"],"additionalProperties":false}`),
	}
}

// ReadOnly lets the loop run it beside other reads.
func (t *Tool) ReadOnly() bool { return true }

func (t *Tool) Run(_ context.Context, raw json.RawMessage) (string, error) {
	var p Params
	if err := json.Unmarshal(raw, &p); err != nil {
		return "", fmt.Errorf("invalid arguments: %w", err)
	}
	var sk *Skill
	var names []string
	for i := range t.skills {
		names = append(names, t.skills[i].Name)
		if t.skills[i].Name == p.Name {
			sk = &t.skills[i]
		}
	}
	if sk == nil {
		return "", fmt.Errorf("no skill named %q; the skills are: %s", p.Name, strings.Join(names, ", "))
	}
	if p.File != "" && p.File != FileName {
		b, err := readIn(sk.Dir, p.File)
		if err != nil {
			return "", err
		}
		return string(b), nil
	}
	body, _, err := readSkillFile(sk.Dir)
	if err != nil {
		return "", err
	}
	out := fmt.Sprintf("# Skill: %s\n\n%s", sk.Name, body)
	if more := files(sk.Dir); len(more) > 0 {
		out += "\n\nFiles in this skill's folder (read one with the skill tool's file argument): " + strings.Join(more, ", ")
	}
	return out, nil
}
