package loop

import (
	"regexp"

	"github.com/hearth-agent/hearth/agent/llm"
)

// invalidToolName stands in for a call's name that is empty or malformed:
// the call is still answered, recorded and sent back in the history, and
// providers refuse a history holding such a name.
const invalidToolName = "invalid_tool_call"

// wellFormedName is the name shape the providers accept in a history.
var wellFormedName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)

// sanitize makes every call of a response answerable and recordable: an
// empty or malformed name becomes invalidToolName, and an empty or repeated
// id a fresh one, so each call gets its own result. A name the toolset
// registered is always kept.
func (ts *toolset) sanitize(calls []llm.ToolCall) []llm.ToolCall {
	var ids llm.IDs
	for _, c := range calls {
		if c.ID != "" {
			ids.Seen(c.ID)
		}
	}
	seen := make(map[string]bool, len(calls))
	for i := range calls {
		c := &calls[i]
		if _, ok := ts.byName[c.Name]; !ok && !wellFormedName.MatchString(c.Name) {
			c.Name = invalidToolName
		}
		if c.ID == "" || seen[c.ID] {
			c.ID = ids.New()
		}
		seen[c.ID] = true
		if len(c.Args) == 0 {
			c.Args = []byte("{}")
		}
	}
	return calls
}
