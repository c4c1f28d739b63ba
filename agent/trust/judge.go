package trust

import (
	"path/filepath"

	"github.com/hearth-agent/hearth/agent/commands"
	"github.com/hearth-agent/hearth/agent/hooks"
	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/skills"
	"github.com/hearth-agent/hearth/agent/subagent"
)

// Judge says whether an item, as it is now, may take effect in a
// workspace, and why; *Store is one.
type Judge interface {
	Trusted(workspace string, item Item) (bool, string)
}

// Effective is what a project contributes once judged: the parsed values
// of the items trusted, and nothing of the rest. Features take these and
// never read the project's files themselves.
type Effective struct {
	Dir string
	// Folder is the loaded folder's identity (Project.Folder), for what
	// the person agreed to outside trust, such as a proposed check.
	Folder   string
	Statuses []Status // every item with its answer

	MCP      []config.Named // servers of a trusted .mcp.json
	MCPHeld  []HeldServer   // servers listed but not trusted
	Hooks    []hooks.File
	Commands []commands.Command
	Skills   []skills.Skill
	Agents   []subagent.Def
	// Check is the trusted project check command ("" for none); CheckHeld
	// says why one written in the project is not in effect, HeldCheck is
	// that command.
	Check, CheckHeld, HeldCheck string
	// Policy is the project's permission rules: all of them when trusted,
	// else only those that take away (deny, ask).
	Policy permission.Policy
	// PolicyErr is why the permission file could not be read; its deny
	// rules are unknown, so a caller refuses to build tools on it.
	PolicyErr error
}

// HeldServer is a project MCP server listed but not allowed to start.
type HeldServer struct {
	config.Named
	Why string
}

// Judge answers every item and hands on the values of those trusted.
// A nil judge trusts nothing.
func (p *Project) Judge(j Judge) *Effective {
	e := &Effective{Dir: p.Dir, Folder: p.Folder}
	for _, it := range p.Items {
		st := verdict(j, p.Dir, it)
		e.Statuses = append(e.Statuses, st)
		e.take(it, st.Trusted, st.Reason)
	}
	return e
}

// take hands a judged item's value to the feature it is for.
func (e *Effective) take(it Item, ok bool, why string) {
	switch v := it.value.(type) {
	case []config.Named:
		if ok {
			e.MCP = append(e.MCP, v...)
			return
		}
		for _, n := range v {
			e.MCPHeld = append(e.MCPHeld, HeldServer{Named: n, Why: why})
		}
	case Settings:
		switch {
		case ok:
			e.Hooks = append(e.Hooks, v.Hooks)
			if v.Check != "" {
				e.Check = v.Check
			}
		case v.Check != "":
			e.CheckHeld, e.HeldCheck = it.Path+": "+why, v.Check
		}
	case commands.Command:
		if ok {
			e.Commands = append(e.Commands, v)
		}
	case skills.Skill:
		if ok {
			v.Dir, v.Scope = filepath.Join(e.Dir, filepath.FromSlash(it.Path)), "project"
			e.Skills = append(e.Skills, v)
		}
	case subagent.Def:
		if ok {
			e.Agents = append(e.Agents, v)
		}
	case permission.Policy:
		e.Policy = v
		if !ok {
			e.Policy = permission.Policy{}
			for _, r := range v.Rules {
				if r.Effect != permission.Allow {
					e.Policy.Rules = append(e.Policy.Rules, r)
				}
			}
		}
	case nil:
		if it.Kind == KindPermissions {
			e.PolicyErr = &ItemError{Path: it.Path, Reason: it.Err}
		}
	}
}

// Held lists the items of kind not in effect, each as "path: why".
func (e *Effective) Held(kind Kind) []string {
	var out []string
	for _, s := range e.Statuses {
		if s.Kind == kind && !s.Trusted {
			out = append(out, s.Path+": "+s.Reason)
		}
	}
	return out
}

// ItemError is a project file that cannot be read strictly.
type ItemError struct{ Path, Reason string }

func (e *ItemError) Error() string { return e.Path + " cannot be read strictly: " + e.Reason }

// verdict is one item's answer; without a judge only what runs nothing is
// in effect.
func verdict(j Judge, ws string, it Item) Status {
	ok, why := false, "the workspace is not trusted"
	switch {
	case it.Err != "":
		why = "cannot be read strictly: " + it.Err
	case !it.Runs:
		ok, why = true, "brings nothing that runs code or widens permissions"
	case j != nil:
		ok, why = j.Trusted(ws, it)
	}
	return Status{Item: it, Trusted: ok, Changed: why == ReasonChanged || why == ReasonOtherFolder, Reason: why}
}

// Policy is the permission file's rules as written, trusted or not, for
// the person to see and edit; a missing file has none.
func (p *Project) Policy() (permission.Policy, error) {
	for _, it := range p.Items {
		if it.Kind != KindPermissions {
			continue
		}
		if it.Err != "" {
			return permission.Policy{}, &ItemError{Path: it.Path, Reason: it.Err}
		}
		pol, _ := it.value.(permission.Policy)
		return pol, nil
	}
	return permission.Policy{}, nil
}

// Open loads the workspace ws and judges it with j; an empty ws brings
// nothing.
func Open(ws string, j Judge) (*Effective, error) {
	if ws == "" {
		return &Effective{}, nil
	}
	p, err := Load(ws)
	if err != nil {
		return nil, err
	}
	return p.Judge(j), nil
}
