package app

import (
	"github.com/hearth-agent/hearth/agent/permission"
)

// PermissionRule is one grant or saved rule as the permissions view shows it.
type PermissionRule struct {
	Tool    string `json:"tool"` // read, edit, shell or mcp
	Pattern string `json:"pattern"`
	Effect  string `json:"effect"` // allow, ask or deny
}

// PermissionsView is what lets calls run without asking: this conversation's
// "allow for session" grants and the workspace's saved rules.
type PermissionsView struct {
	Grants []PermissionRule `json:"grants"`
	Rules  []PermissionRule `json:"rules"`
}

func ruleViews(rs []permission.Rule) []PermissionRule {
	out := make([]PermissionRule, 0, len(rs))
	for _, r := range rs {
		out = append(out, PermissionRule{Tool: string(r.Kind), Pattern: r.Pattern, Effect: string(r.Effect)})
	}
	return out
}

// Permissions lists the conversation's grants and the workspace's rules.
func (a *Project) Permissions() (PermissionsView, error) {
	p, err := a.chat().Permissions()
	if err != nil {
		return PermissionsView{}, viewErr(err)
	}
	return PermissionsView{Grants: ruleViews(p.Grants), Rules: ruleViews(p.Rules)}, nil
}

// RevokeGrant forgets one of this conversation's grants.
func (a *Project) RevokeGrant(tool, pattern string) (PermissionsView, error) {
	if err := a.chat().RevokeGrant(tool, pattern); err != nil {
		return PermissionsView{}, viewErr(err)
	}
	return a.Permissions()
}

// RevokeRule removes a saved rule from the workspace's permission file.
func (a *Project) RevokeRule(r PermissionRule) (PermissionsView, error) {
	rule := permission.Rule{Kind: permission.Kind(r.Tool), Pattern: r.Pattern, Effect: permission.Effect(r.Effect)}
	if err := a.chat().RevokeRule(rule); err != nil {
		return PermissionsView{}, viewErr(err)
	}
	return a.Permissions()
}
