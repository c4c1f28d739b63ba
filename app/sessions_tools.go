package app

import (
	"encoding/json"
	"regexp"
	"strconv"

	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/tool"
	"github.com/hearth-agent/hearth/agent/tools"
)

// StoredCallView is what a reopened conversation's tool row shows beyond
// the stored call: its one-line summary and, for a command that exited
// non-zero, the exit code, as the live row showed them.
type StoredCallView struct {
	Summary  string `json:"summary"`
	ExitCode *int   `json:"exitCode,omitempty"`
}

// exitLine is how the shell tool's output begins.
var exitLine = regexp.MustCompile(`^exit code: (\d+) `)

// storedCalls summarises every stored call, by call id.
func storedCalls(msgs []session.Message) map[string]StoredCallView {
	out := map[string]StoredCallView{}
	for _, m := range msgs {
		for _, c := range m.ToolCalls {
			f := tools.Finished{Name: c.Name, Args: json.RawMessage(c.Args), Status: storedStatus(c.Status), Output: c.Output}
			if m := exitLine.FindStringSubmatch(c.Output); m != nil && c.Status == session.ToolError && c.Name == "shell" {
				if code, err := strconv.Atoi(m[1]); err == nil && code != 0 {
					f.ExitCode = &code
				}
			}
			out[c.CallID] = StoredCallView{Summary: tools.Summarize(f), ExitCode: f.ExitCode}
		}
	}
	return out
}

func storedStatus(s session.ToolStatus) tool.Status {
	switch s {
	case session.ToolOK:
		return tool.StatusSucceeded
	case session.ToolDenied:
		return tool.StatusDenied
	case session.ToolError:
		return tool.StatusFailed
	}
	return tool.StatusCanceled
}
