package conversation

import (
	"github.com/hearth-agent/hearth/agent/skills"
)

// Skills lists the user's and the (trusted) project's skills, each marked
// enabled or not by the settings.
func (c *Conversation) Skills() (*skills.Set, error) {
	st := c.cfg.Settings()
	src := skills.Sources{Home: c.home(), Workspace: c.Workspace(), Enabled: st.SkillEnabled}
	if c.cfg.Trust != nil {
		if t := c.cfg.Trust(); t != nil {
			src.Trust = t
		}
	}
	return skills.Load(src)
}
