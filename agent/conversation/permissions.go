package conversation

import (
	"fmt"

	"github.com/hearth-agent/hearth/agent/permission"
)

// Permissions is what currently lets calls run without asking: the grants
// made in this conversation and the workspace's saved rules.
type Permissions struct {
	Grants []permission.Rule
	Rules  []permission.Rule
}

// Permissions lists this conversation's grants and the open workspace's
// saved rules (none when no workspace is open).
func (c *Conversation) Permissions() (Permissions, error) {
	c.mu.Lock()
	grants, ws := c.tools.Grants().Rules(), c.workspace
	c.mu.Unlock()
	p := Permissions{Grants: grants}
	if ws == "" {
		return p, nil
	}
	pol, err := savedRules(ws)
	if err != nil {
		return p, err
	}
	p.Rules = pol.Rules
	return p, nil
}

// RevokeGrant forgets this conversation's grant of kind and pattern: the
// next such call asks again, even within a running turn.
func (c *Conversation) RevokeGrant(kind, pattern string) error {
	c.mu.Lock()
	g := c.tools.Grants()
	c.mu.Unlock()
	if !g.Revoke(permission.Kind(kind), pattern) {
		return inputf("grant", fmt.Sprintf("no %s grant %q in this conversation", kind, pattern))
	}
	return nil
}

// RevokeRule removes a saved rule from the workspace's permission file.
func (c *Conversation) RevokeRule(rule permission.Rule) error {
	ws := c.Workspace()
	if ws == "" {
		return inputf("workspace", "no folder is open")
	}
	pol, err := savedRules(ws)
	if err != nil {
		return err
	}
	kept := pol.Rules[:0:0]
	for _, r := range pol.Rules {
		if r != rule {
			kept = append(kept, r)
		}
	}
	if len(kept) == len(pol.Rules) {
		return inputf("rule", fmt.Sprintf("no saved rule %s %s %q", rule.Effect, rule.Kind, rule.Pattern))
	}
	pol.Rules = kept
	return pol.Save(ws)
}

// publishApproval shows a waiting request on the running turn's stream and
// tells the person through the Notification hook.
func (c *Conversation) publishApproval(req permission.Request) {
	c.mu.Lock()
	s, t := c.stream, c.live
	c.mu.Unlock()
	if s != nil {
		s.approvalRequested(req)
		if t != nil {
			go c.notify(t, "Hearth needs your permission to use "+req.Tool)
		}
	}
}

// approvalResolved announces the end of a request with the user's choice
// (none when the turn was stopped while it waited).
func (c *Conversation) approvalResolved(id string) {
	c.mu.Lock()
	s := c.stream
	decision, decided := c.decisions[id]
	delete(c.decisions, id)
	c.mu.Unlock()
	if s == nil {
		return
	}
	ev := &ApprovalResolved{RequestID: id}
	if decided {
		ev.Decision = decision
	}
	s.send(ev)
}
