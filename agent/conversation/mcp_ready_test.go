package conversation

import (
	"slices"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
)

// A turn sent while an MCP server is still starting says it waits for it
// (mcp_waiting), then offers its tools; a turn once it is up says nothing.
func TestTurnWaitsForAConnectingMCPServer(t *testing.T) {
	everything := mcptest.Bin(t, "mcp-server-everything")
	m := mcp.NewManager(mcp.Options{Workspace: t.TempDir()})
	t.Cleanup(m.Close)
	c, ev, _, _ := newConversationWith(t, "auto", func(cfg *Config) {
		cfg.MCP = func() *mcp.Manager { return m }
	}, call("c1", "mcp__slow__echo", `{"message":"hello from the turn"}`), text("Echoed."), text("Again."))
	// A real server that takes its time to start: a shell that sleeps,
	// then becomes server-everything.
	m.Start(mcp.Entry{Named: config.Named{Name: "slow", Scope: config.ScopeUser,
		Server: config.Server{Command: "sh", Args: []string{"-c", `sleep 1; exec "$0" stdio`, everything}}}})

	id, _, err := c.Send("echo something")
	if err != nil {
		t.Fatal(err)
	}
	if d := ev.waitDone(t, id); d.Stopped {
		t.Fatal("the turn stopped")
	}
	var kinds []string
	var waits []*MCPWaiting
	var echoed *ToolFinished
	ev.mu.Lock()
	for _, e := range ev.list {
		if h, _, name := e.frame(); h.TurnID == id {
			kinds = append(kinds, name)
		}
		switch e := e.(type) {
		case *MCPWaiting:
			waits = append(waits, e)
		case *ToolFinished:
			echoed = e
		}
	}
	ev.mu.Unlock()
	if len(waits) != 2 || !slices.Equal(waits[0].Servers, []string{"slow"}) || waits[0].Done ||
		!waits[1].Done || len(waits[1].Servers) != 0 {
		t.Fatalf("mcp_waiting events: %+v, want one naming slow, then one done naming none", waits)
	}
	first, last := slices.Index(kinds, "mcp_waiting"), slices.Index(kinds, "tool_started")
	if kinds[0] != "turn_started" || first != 1 || last < first {
		t.Errorf("event order %v: mcp_waiting must follow turn_started and come before the tool call", kinds)
	}
	if echoed == nil || echoed.Status != "succeeded" || !strings.Contains(echoed.Output, "hello from the turn") {
		t.Fatalf("the server's echo tool in the turn: %+v", echoed)
	}

	id2, _, err := c.Send("again")
	if err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id2)
	ev.mu.Lock()
	defer ev.mu.Unlock()
	for _, e := range ev.list {
		if w, ok := e.(*MCPWaiting); ok && w.TurnID == id2 {
			t.Errorf("a turn with every server connected waited: %+v", w)
		}
	}
}
