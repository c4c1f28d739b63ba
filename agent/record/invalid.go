package record

import (
	"github.com/hearth-agent/hearth/agent/loop"
	"github.com/hearth-agent/hearth/agent/session"
)

// unnamedTool is stored for a call that came without a name, which the
// store refuses; the call and its error result are kept all the same.
const unnamedTool = "(no name)"

// toolStart is the stored form of a started call: always storable, so an
// invalid call is recorded with its error instead of stopping the record.
func toolStart(e loop.ToolCallStarted) session.ToolStart {
	name := e.Name
	if name == "" {
		name = unnamedTool
	}
	return session.ToolStart{CallID: e.ID, Name: name, Args: string(e.Args)}
}
