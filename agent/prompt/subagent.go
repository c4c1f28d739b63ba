package prompt

import (
	"strings"
	"time"
)

// SubagentData is what a subagent's system prompt is rendered with.
type SubagentData struct {
	Name      string
	Workspace string
	OS        string
	Date      time.Time
	// Instructions are the agent's own: a built-in's template or the body
	// of a user-defined agent's Markdown file.
	Instructions string
}

// Subagent renders a subagent's system prompt.
func Subagent(d SubagentData) (string, error) {
	out, err := render("subagent.md", struct {
		Name, Workspace, OS, Date, Instructions string
	}{d.Name, d.Workspace, d.OS, d.Date.Format(dateLayout), strings.TrimSpace(d.Instructions)})
	if err != nil {
		return "", err
	}
	return strings.TrimRight(out, "\n") + "\n", nil
}

// BuiltinAgent returns the instructions of a built-in subagent (explore,
// general).
func BuiltinAgent(name string) (string, error) {
	return render("agent_"+name+".md", nil)
}
