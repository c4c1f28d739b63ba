package app

import (
	"strings"

	"github.com/hearth-agent/hearth/agent/settings"
)

// SkillView is one skill as Settings lists it.
type SkillView struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Scope       string `json:"scope"` // user or project
	Enabled     bool   `json:"enabled"`
}

// ListSkills lists the user's and the open workspace's (trusted) skills.
func (a *Composer) ListSkills() ([]SkillView, error) {
	set, err := a.chat().Skills()
	if err != nil {
		return nil, viewErr(err)
	}
	out := make([]SkillView, 0, len(set.All))
	for _, s := range set.All {
		out = append(out, SkillView{Name: s.Name, Description: s.Description, Scope: s.Scope, Enabled: s.Enabled})
	}
	return out, nil
}

// SetSkillEnabled turns a skill on or off for every workspace.
func (a *Composer) SetSkillEnabled(name string, enabled bool) ([]SkillView, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, invalidf("name", "name the skill to turn on or off")
	}
	if _, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		s.SetSkillEnabled(name, enabled)
		return nil
	}); err != nil {
		return nil, viewErr(err)
	}
	return a.ListSkills()
}
