package record

import (
	"testing"

	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/tool"
)

// A stored status reads back as the one recorded from it.
func TestToolStatusRoundTrips(t *testing.T) {
	for _, s := range []tool.Status{tool.StatusSucceeded, tool.StatusDenied, tool.StatusFailed, tool.StatusCanceled} {
		if got := ToolStatus(statusOf(s)); got != s {
			t.Errorf("%s stored as %s reads back as %s", s, statusOf(s), got)
		}
	}
	if got := ToolStatus(session.ToolInterrupted); got != tool.StatusCanceled {
		t.Errorf("an interrupted call reads back as %s", got)
	}
}
