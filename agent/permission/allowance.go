package permission

import "github.com/hearth-agent/hearth/agent/tool"

// allowedBy says what allowed a request evaluate let through, so the chat
// can show who allowed a call nobody was asked about. A request allowed by
// default (reading a file) reports nothing. A session grant outranks a saved
// rule, which outranks the read-only judgement, when a shell line's
// commands were allowed by several.
func (g *Gate) allowedBy(req Request, v *ShellVerdict) (tool.Allowance, bool) {
	grants := g.grants.Rules()
	if req.Kind != KindShell {
		if req.Kind == KindRead {
			return tool.Allowance{}, false
		}
		for _, set := range []struct {
			rules []Rule
			by    string
		}{{g.policy.Rules, tool.AllowedByRule}, {grants, tool.AllowedBySession}} {
			for _, r := range set.rules {
				if r.Kind == req.Kind && r.Effect == Allow && matchPath(r.Pattern, req.Path) {
					return tool.Allowance{By: set.by, Detail: r.Pattern}, true
				}
			}
		}
		return tool.Allowance{}, false
	}
	var best tool.Allowance
	rank := map[string]int{"": 0, tool.AllowedByReadOnly: 1, tool.AllowedByRule: 2, tool.AllowedBySession: 3}
	for _, c := range v.Commands {
		var a tool.Allowance
		if r, ok := shellRule(g.policy.Rules, c.Argv); ok && !c.ReadOnly {
			a = tool.Allowance{By: tool.AllowedByRule, Detail: r.Pattern}
		} else if r, ok := shellRule(grants, c.Argv); ok && !c.ReadOnly {
			a = tool.Allowance{By: tool.AllowedBySession, Detail: r.Pattern}
		} else if c.ReadOnly {
			a = tool.Allowance{By: tool.AllowedByReadOnly}
		}
		if rank[a.By] > rank[best.By] {
			best = a
		}
	}
	return best, best.By != ""
}

// shellRule is the first allow rule of rules matching argv.
func shellRule(rules []Rule, argv []string) (Rule, bool) {
	for _, r := range rules {
		if r.Kind == KindShell && r.Effect == Allow && matchShape(r.Pattern, argv) {
			return r, true
		}
	}
	return Rule{}, false
}
