package conversation

import (
	"context"

	"github.com/hearth-agent/hearth/agent/skills"
	"github.com/hearth-agent/hearth/agent/trust"
)

// Skills lists the user's and the (trusted) project's skills, each marked
// enabled or not by the settings.
func (c *Conversation) Skills() (*skills.Set, error) {
	proj, err := c.project(c.Workspace())
	if err != nil {
		return nil, err
	}
	return c.skillsOf(proj)
}

func (c *Conversation) skillsOf(proj *trust.Effective) (*skills.Set, error) {
	st := c.cfg.Settings()
	return skills.Load(skills.Sources{Home: c.home(), Project: proj.Skills, Enabled: st.SkillEnabled})
}

// stageSkills offers the turn's skills.
func stageSkills(_ context.Context, p *prep) error {
	set, err := p.c.skillsOf(p.t.project)
	if err != nil {
		return err
	}
	p.spec.Skills = set
	return nil
}
