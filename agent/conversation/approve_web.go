package conversation

import (
	"slices"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/settings"
)

// AllowDomainAlways is the approval decision that lets web_fetch read the
// requested host without asking, in this conversation at once and in every
// later one (the person's settings, web.allowDomains).
const AllowDomainAlways = "allow_domain_always"

// rememberDomain saves the host of the pending web_fetch request to the
// person's settings and returns the session grant for it.
func (c *Conversation) rememberDomain(b *permission.Broker, requestID string) (permission.Decision, error) {
	host := ""
	for _, req := range b.Pending() {
		if req.ID == requestID {
			if req.Kind != permission.KindWebFetch {
				return permission.Decision{}, inputf("approval", "only a web_fetch request can allow its domain always")
			}
			host = req.Suggested
		}
	}
	if host == "" {
		return permission.Decision{}, inputf("approval", "this request was already answered or cancelled")
	}
	if c.cfg.Update == nil {
		return permission.Decision{}, inputf("approval", "this front-end cannot save an always-allowed domain; allow it for this conversation instead")
	}
	if _, err := c.cfg.Update(func(st *settings.Settings) error {
		if !slices.Contains(st.Web.AllowDomains, host) {
			st.Web.AllowDomains = append(st.Web.AllowDomains, host)
		}
		return nil
	}); err != nil {
		return permission.Decision{}, err
	}
	return permission.Decision{Choice: permission.AllowSession, Pattern: host}, nil
}

// domainRules are the person's always-allowed hosts as allow rules.
func domainRules(st settings.Settings) []permission.Rule {
	var rules []permission.Rule
	for _, d := range st.Web.AllowDomains {
		rules = append(rules, permission.Rule{Kind: permission.KindWebFetch, Pattern: d, Effect: permission.Allow})
	}
	return rules
}

// domainOf is the host a web_fetch request reads, "" for any other request.
func domainOf(req permission.Request) string {
	if req.Kind == permission.KindWebFetch {
		return req.Suggested
	}
	return ""
}
