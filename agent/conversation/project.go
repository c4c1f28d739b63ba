package conversation

import (
	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/trust"
)

// project reads what the folder ws brings once and judges it: hooks,
// commands, skills, agents and permission rules all come from this one
// reading, and only as far as trust allows.
func (c *Conversation) project(ws string) (*trust.Effective, error) {
	var j trust.Judge
	if c.cfg.Trust != nil {
		j = c.cfg.Trust()
	}
	return trust.Open(ws, j)
}

// savedRules are every rule of the workspace's permission file as written,
// trusted or not, for the person to see and edit.
func savedRules(ws string) (permission.Policy, error) {
	p, err := trust.Load(ws)
	if err != nil {
		return permission.Policy{}, err
	}
	return p.Policy()
}

// noticeOnce shows each of a build's notices the first time this
// conversation meets it.
func (c *Conversation) noticeOnce(notices []error) {
	for _, n := range notices {
		c.mu.Lock()
		seen := c.noticed[n.Error()]
		if c.noticed == nil {
			c.noticed = map[string]bool{}
		}
		c.noticed[n.Error()] = true
		c.mu.Unlock()
		if !seen {
			c.sink.Notice(n)
		}
	}
}
