package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// mcpEvents counts the MCP status events the app emits.
type mcpEvents struct {
	mu sync.Mutex
	n  int
}

func (e *mcpEvents) emit(name string, _ any) {
	if name == MCPEventName {
		e.mu.Lock()
		e.n++
		e.mu.Unlock()
	}
}

func (e *mcpEvents) count() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.n
}

// serverIn polls the list until server name satisfies ok.
func serverIn(t *testing.T, a *App, name string, ok func(MCPServerView) bool) MCPServerView {
	t.Helper()
	var found MCPServerView
	eventually.NoError(t, name+" to reach the wanted state", func() error {
		v, err := a.h.MCP.MCPServers()
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range v.Servers {
			if s.Name == name && ok(s) {
				found = s
				return nil
			}
		}
		return fmt.Errorf("servers: %+v", v.Servers)
	})
	return found
}

func status(want string) func(MCPServerView) bool {
	return func(s MCPServerView) bool { return s.Status == want }
}

func toolOf(s MCPServerView, name string) (MCPToolView, bool) {
	for _, t := range s.Tools {
		if t.Name == name {
			return t, true
		}
	}
	return MCPToolView{}, false
}

func readUserMCP(t *testing.T, dir string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, config.UserFileName))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A server added in Settings keeps its secrets in the keychain, connects
// (the list updating by event), and can have a tool, then itself, turned
// off and on, be restarted and removed.
func TestSettingsManagesAnMCPServer(t *testing.T) {
	memory := mcptest.Bin(t, "mcp-server-memory")
	const secret = "sek-ret-value-4711"
	a, cfg := newTestApp(t, nil)
	ev := &mcpEvents{}
	a.setEmitter(ev.emit)
	if _, err := a.h.Project.OpenWorkspace(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	memFile := filepath.Join(t.TempDir(), "memory.jsonl")
	form := MCPServerForm{Name: "memory", Transport: "stdio", Command: memory,
		Env: []KeyValue{{"MEMORY_FILE_PATH", memFile}, {"API_TOKEN", secret}, {"", "blank row"}}}
	if _, err := a.h.MCP.AddMCPServer(form); err != nil {
		t.Fatal(err)
	}
	file := readUserMCP(t, cfg)
	if strings.Contains(file, secret) || strings.Contains(file, memFile) || !strings.Contains(file, "${keychain:mcp.memory.env.API_TOKEN}") {
		t.Fatalf("mcp.json keeps a value, not a keychain reference:\n%s", file)
	}
	s := serverIn(t, a, "memory", status("connected"))
	if s.Scope != "user" || s.Transport != "stdio" || s.Tokens <= 0 {
		t.Fatalf("server view %+v", s)
	}
	ct, ok := toolOf(s, "create_entities")
	if !ok || !ct.Enabled || ct.Tokens <= 0 {
		t.Fatalf("create_entities: %+v in %+v", ct, s.Tools)
	}
	offered := map[string]bool{}
	for _, tl := range a.project().MCP().Tools() {
		offered[tl.Definition().Name] = true
	}
	if ct.ModelName != "mcp__memory__create_entities" || !offered[ct.ModelName] {
		t.Fatalf("create_entities is shown as %q; the model is offered %v", ct.ModelName, offered)
	}
	if ev.count() == 0 {
		t.Error("no status event was emitted")
	}
	v, _ := a.h.MCP.MCPServers()
	if b, _ := json.Marshal(v); strings.Contains(string(b), secret) {
		t.Fatal("the list sends a secret to the frontend")
	}
	if v.Tokens != s.Tokens || v.BudgetPercent != 10 {
		t.Fatalf("budget view tokens %d (server %d), percent %d", v.Tokens, s.Tokens, v.BudgetPercent)
	}
	if _, err := a.h.MCP.AddMCPServer(form); err == nil {
		t.Error("a second server of the same name was added")
	}

	// One tool off: kept in the file, not offered, still listed to turn on.
	if _, err := a.h.MCP.SetMCPToolEnabled("memory", "read_graph", false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(readUserMCP(t, cfg), `"disabledTools"`) {
		t.Fatal("disabledTools not written")
	}
	s = serverIn(t, a, "memory", func(s MCPServerView) bool {
		rg, ok := toolOf(s, "read_graph")
		return s.Status == "connected" && ok && !rg.Enabled
	})
	for _, tl := range a.project().MCP().Tools() {
		if tl.Remote() == "read_graph" {
			t.Fatal("a disabled tool is still offered to the model")
		}
	}
	if rg, _ := toolOf(s, "read_graph"); rg.ModelName != "mcp__memory__read_graph" {
		t.Errorf("a disabled tool's model name is %q", rg.ModelName)
	}
	if _, err := a.h.MCP.SetMCPToolEnabled("memory", "read_graph", true); err != nil {
		t.Fatal(err)
	}
	serverIn(t, a, "memory", func(s MCPServerView) bool {
		rg, ok := toolOf(s, "read_graph")
		return s.Status == "connected" && ok && rg.Enabled
	})
	if strings.Contains(readUserMCP(t, cfg), `"disabledTools"`) {
		t.Fatal("disabledTools kept after every tool is on again")
	}

	if _, err := a.h.MCP.SetMCPServerEnabled("memory", false); err != nil {
		t.Fatal(err)
	}
	serverIn(t, a, "memory", status("disabled"))
	if !strings.Contains(readUserMCP(t, cfg), `"disabled": true`) {
		t.Fatalf("disabling not kept:\n%s", readUserMCP(t, cfg))
	}
	if _, err := a.h.MCP.SetMCPServerEnabled("memory", true); err != nil {
		t.Fatal(err)
	}
	serverIn(t, a, "memory", status("connected"))
	if _, err := a.h.MCP.RestartMCPServer("memory"); err != nil {
		t.Fatal(err)
	}
	serverIn(t, a, "memory", status("connected"))
	if _, err := a.h.MCP.MCPServerLog("memory"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.MCP.MCPServerLog("nope"); err == nil {
		t.Error("a log of a server that does not exist")
	}

	if _, err := a.h.MCP.RemoveMCPServer("memory"); err != nil {
		t.Fatal(err)
	}
	v, _ = a.h.MCP.MCPServers()
	if len(v.Servers) != 0 {
		t.Fatalf("removed server still listed: %+v", v.Servers)
	}
	if _, err := a.deps.Secrets.Item(t.Context(), "mcp.memory.env.API_TOKEN"); err == nil {
		t.Error("the removed server's secret stays in the keychain")
	}
	var ve *settings.ValidationError
	if _, err := a.h.MCP.RemoveMCPServer("memory"); !errors.As(err, &ve) {
		t.Errorf("removing twice: %v", err)
	}
}

// Pasted JSON in either shape adds servers, its secrets kept in the
// keychain; bad input says what is wrong.
func TestSettingsAddsMCPServersFromJSON(t *testing.T) {
	everything := mcptest.Bin(t, "mcp-server-everything")
	a, cfg := newTestApp(t, nil)
	if _, err := a.h.Project.OpenWorkspace(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct{ in, want string }{
		{`{"mcpServers": `, "not a JSON object"},
		{`{}`, "no servers"},
		{`{"mcpServers": {"x y": {"command": "a"}}}`, "x y"},
		{`{"ev": {"url": "ftp://host"}}`, "ev"},
	} {
		if _, err := a.h.MCP.AddMCPServersJSON(bad.in); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: error %v, want it to name %q", bad.in, err, bad.want)
		}
	}
	if _, err := a.h.MCP.AddMCPServersJSON(`{"ev": {"command": "` + everything + `", "args": ["stdio"], "env": {"SECRET_KEY": "pasted-secret-1"}}}`); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(readUserMCP(t, cfg), "pasted-secret-1") {
		t.Fatal("a pasted secret was written to mcp.json")
	}
	s := serverIn(t, a, "ev", status("connected"))
	if _, ok := toolOf(s, "echo"); !ok {
		t.Fatalf("everything's tools: %+v", s.Tools)
	}
}

// Import offers another app's servers without their secrets, refuses to
// write a secret into Hearth's file, and moves it to the keychain on the
// person's word.
func TestSettingsImportsMCPServersFromOtherApps(t *testing.T) {
	memory := mcptest.Bin(t, "mcp-server-memory")
	a, cfg := newTestApp(t, nil)
	home := t.TempDir()
	a.mcp.places = func(ws string) config.Places {
		return config.Places{Home: home, UserConfig: filepath.Join(home, ".config"), Workspace: ws}
	}
	if _, err := a.h.Project.OpenWorkspace(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	cursor := filepath.Join(home, ".cursor", "mcp.json")
	os.MkdirAll(filepath.Dir(cursor), 0o755)
	const secret = "cursor-token-9"
	os.WriteFile(cursor, []byte(`{"mcpServers": {"mem": {"command": "`+memory+`", "env": {"TOKEN": "`+secret+`"}},
		"web": {"url": "https://example.com/mcp?key=abc"}}}`), 0o600)
	found, err := a.h.MCP.MCPImportCandidates()
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 1 || found[0].App != "Cursor" || len(found[0].Servers) != 2 {
		t.Fatalf("found %+v", found)
	}
	mem, web := found[0].Servers[0], found[0].Servers[1]
	if mem.Name != "mem" || mem.Secrets != 1 || mem.Runs != "mcp-server-memory" || web.Runs != "example.com" || web.Transport != "http" {
		t.Fatalf("servers %+v %+v", mem, web)
	}
	if b, _ := json.Marshal(found); strings.Contains(string(b), secret) || strings.Contains(string(b), "key=abc") {
		t.Fatal("the candidates carry a secret")
	}
	if _, err := a.h.MCP.ImportMCPServers(cursor, []string{"mem"}, false); err == nil || !strings.Contains(err.Error(), "keychain") {
		t.Fatalf("import with a literal secret, not moving it: %v", err)
	}
	if _, err := a.h.MCP.ImportMCPServers(cursor, []string{"nope"}, true); err == nil {
		t.Error("imported a server the file does not have")
	}
	if _, err := a.h.MCP.ImportMCPServers(filepath.Join(home, "other.json"), []string{"mem"}, true); err == nil {
		t.Error("imported from a file that was not found")
	}
	if _, err := a.h.MCP.ImportMCPServers(cursor, []string{"mem"}, true); err != nil {
		t.Fatal(err)
	}
	if f := readUserMCP(t, cfg); strings.Contains(f, secret) || !strings.Contains(f, "${keychain:mcp.mem.env.TOKEN}") {
		t.Fatalf("imported file:\n%s", f)
	}
	if got, err := a.deps.Secrets.Item(t.Context(), "mcp.mem.env.TOKEN"); err != nil || got != secret {
		t.Fatalf("keychain has %q, %v", got, err)
	}
	if b, _ := os.ReadFile(cursor); !strings.Contains(string(b), secret) {
		t.Error("the other app's file was changed")
	}
	serverIn(t, a, "mem", status("connected"))
	again, _ := a.h.MCP.MCPImportCandidates()
	if !again[0].Servers[0].Exists {
		t.Error("an imported server is not marked as existing")
	}
}
