package project

import (
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// An editor's servers join the person's and replace a same-named one,
// and start even in a folder nobody trusted (the editor named them).
func TestExtraServersJoinAndReplaceForACP(t *testing.T) {
	st := stores(t)
	write(t, filepath.Join(st.ConfigDir, "mcp.json"), `{"mcpServers": {"a": {"command": "hearth-no-such-a"}, "b": {"command": "hearth-no-such-b"}}}`)
	extra := func(name, cmd string) mcp.Entry {
		return mcp.Entry{Named: config.Named{Name: name, Scope: config.ScopeRun, Server: config.Server{Type: config.Stdio, Command: cmd}}}
	}
	p, err := Open(t.Context(), t.TempDir(), st, Options{MCP: &MCPOptions{Extra: []mcp.Entry{extra("b", "editor-b"), extra("c", "editor-c")}}})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	entries, err := p.MCPEntries()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, e := range entries {
		if e.Held != "" {
			t.Errorf("%s is held: %s", e.Name, e.Held)
		}
		got[e.Name] = e.Command
	}
	want := map[string]string{"a": "hearth-no-such-a", "b": "editor-b", "c": "editor-c"}
	if len(got) != len(want) {
		t.Fatalf("entries = %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("server %s runs %q, want %q", k, got[k], v)
		}
	}
}
