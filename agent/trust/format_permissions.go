package trust

import (
	"fmt"

	"github.com/hearth-agent/hearth/agent/permission"
)

// permissionsFormat reads .hearth/permissions.json: its allow rules widen
// what runs and need trust; its deny and ask rules only take away.
var permissionsFormat = format{kind: KindPermissions, parse: parsePermissions}

func parsePermissions(_ string, b []byte) (any, description, error) {
	var d description
	if _, err := strictObject(b, []string{"rules"}, true); err != nil {
		return nil, d, err
	}
	var p permission.Policy
	if err := strictDecode(b, &p); err != nil {
		return nil, d, err
	}
	if err := p.Validate(); err != nil {
		return nil, d, err
	}
	var allow []string
	narrow := 0
	for _, r := range p.Rules {
		if r.Effect != permission.Allow {
			narrow++
			continue
		}
		pat := r.Pattern
		if pat == "" {
			pat = "everything"
		}
		allow = append(allow, fmt.Sprintf("%s %s", clean(string(r.Kind)), quote(pat)))
	}
	d.runs = len(allow) > 0
	d.brief = plural(len(allow), "allow rule")
	d.summary = "adds no allow rules"
	if len(allow) > 0 {
		d.summary = "allows without asking: " + list(allow)
	}
	if narrow > 0 {
		d.summary += fmt.Sprintf("; its %s (deny, ask) apply without trust, since they only take away", plural(narrow, "other rule"))
	}
	return p, d, nil
}
