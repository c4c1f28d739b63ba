package permission

import (
	"path"

	"github.com/hearth-agent/hearth/agent/tool"
)

// PlanningNote ends every refusal in plan mode, so the model knows why and
// what to do instead.
const PlanningNote = "plan mode is on: you are planning, so only reading, listing, searching and read-only commands run. " +
	"Do not try to change anything; finish by calling propose_plan with your plan"

// SetPlanning restricts the gate to calls that cannot change anything:
// reads, shell lines the shell judge finds read-only, and MCP tools the
// person marked read-only (readOnlyMCP holds name patterns such as
// mcp__github__get_*). A server's own annotations never count.
func (g *Gate) SetPlanning(readOnlyMCP []string) {
	g.planning, g.readOnlyMCP = true, append([]string(nil), readOnlyMCP...)
}

// Planning reports whether the gate is in plan mode.
func (g *Gate) Planning() bool { return g.planning }

// planRefusal returns the refusal of a call plan mode does not let run, or
// nil when the call may go on to the usual rules.
func (g *Gate) planRefusal(req Request) error {
	if !g.planning {
		return nil
	}
	why := ""
	switch req.Kind {
	case KindRead, KindWebFetch, KindWebSearch: // reading the web changes nothing here; it still asks
		return nil
	case KindShell:
		if JudgeShell(req.Command, g.env).ReadOnly() {
			return nil
		}
		why = "the command " + req.Command + " could change something"
	case KindMCP:
		if g.MarkedReadOnly(req.Path) {
			return nil
		}
		why = "the MCP tool " + req.Path + " is not marked read-only"
	case KindEdit:
		why = "it would change " + req.Path
	default:
		why = string(req.Kind) + " calls could change something"
	}
	return &tool.DeniedError{Reason: why + "; " + PlanningNote}
}

// MarkedReadOnly reports whether the person marked the MCP tool name
// read-only.
func (g *Gate) MarkedReadOnly(name string) bool {
	for _, p := range g.readOnlyMCP {
		if ok, err := path.Match(p, name); err == nil && ok {
			return true
		}
	}
	return false
}
