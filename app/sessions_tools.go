package app

import (
	"encoding/json"

	"github.com/hearth-agent/hearth/agent/record"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/tools"
)

// StoredCallView is what a reopened conversation's tool row shows beyond
// the stored call: its one-line summary and, for a command that exited
// non-zero, the exit code, as the live row showed them.
type StoredCallView struct {
	Summary  string `json:"summary"`
	ExitCode *int   `json:"exitCode,omitempty"`
}

// storedCalls summarises every stored call, by call id.
func storedCalls(msgs []session.Message) map[string]StoredCallView {
	out := map[string]StoredCallView{}
	for _, m := range msgs {
		for _, c := range m.ToolCalls {
			f := tools.Finished{Name: c.Name, Args: json.RawMessage(c.Args), Status: record.ToolStatus(c.Status), Output: c.Output}
			if code, ok := tools.ExitCodeOf(c.Output); ok && code != 0 && c.Status == session.ToolError && c.Name == "shell" {
				f.ExitCode = &code
			}
			out[c.CallID] = StoredCallView{Summary: tools.Summarize(f), ExitCode: f.ExitCode}
		}
	}
	return out
}
