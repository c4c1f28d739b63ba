package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
)

// A server edited in Settings shows its secrets masked, keeps a masked one
// untouched, stores a changed one in the keychain, forgets a removed one,
// and restarts with the change; a rename moves its kept values, and a
// taken name or a new key left masked is refused.
func TestSettingsEditsAnMCPServerInPlace(t *testing.T) {
	memory := mcptest.Bin(t, "mcp-server-memory")
	const secret = "sek-ret-value-0815"
	a, cfg := newTestApp(t, map[string]string{"REF_DIR": "/tmp"})
	if _, err := a.h.Project.OpenWorkspace(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	first, second := filepath.Join(dir, "first.jsonl"), filepath.Join(dir, "second.jsonl")
	add := MCPServerForm{Name: "memory", Transport: "stdio", Command: memory,
		Env: []KeyValue{{"MEMORY_FILE_PATH", first}, {"API_TOKEN", secret}, {"HOME_REF", "${REF_DIR}"}}}
	if _, err := a.h.MCP.AddMCPServer(add); err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.MCP.AddMCPServer(MCPServerForm{Name: "other", Transport: "stdio", Command: memory}); err != nil {
		t.Fatal(err)
	}
	serverIn(t, a, "memory", status("connected"))

	form, err := a.h.MCP.MCPServerConfig("memory")
	if err != nil {
		t.Fatal(err)
	}
	wantEnv := []KeyValue{{"API_TOKEN", mcp.SecretMask}, {"HOME_REF", "${REF_DIR}"}, {"MEMORY_FILE_PATH", mcp.SecretMask}}
	if form.Command != memory || form.Transport != "stdio" || !slices.Equal(form.Env, wantEnv) {
		t.Fatalf("MCPServerConfig = %+v", form)
	}
	if b, _ := json.Marshal(form); strings.Contains(string(b), secret) || strings.Contains(string(b), first) {
		t.Fatalf("the edit form carries a secret: %s", b)
	}
	if _, err := a.h.MCP.MCPServerConfig("nope"); err == nil {
		t.Error("the form of a server that does not exist")
	}

	bad := []struct {
		name string
		edit func(f *MCPServerForm)
		want string
	}{
		{"new key left masked", func(f *MCPServerForm) { f.Env = append(f.Env, KeyValue{"NEW", mcp.SecretMask}) }, "type a value for NEW"},
		{"name taken", func(f *MCPServerForm) { f.Name = "other" }, "a server named other exists"},
		{"bad name", func(f *MCPServerForm) { f.Name = "no spaces" }, "no spaces"},
	}
	for _, tt := range bad {
		f := form
		f.Env = slices.Clone(form.Env)
		tt.edit(&f)
		if _, err := a.h.MCP.EditMCPServer("memory", f); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}

	// Change the file path, keep the token as it is, drop the reference.
	edit := form
	edit.Env = []KeyValue{{"API_TOKEN", mcp.SecretMask}, {"MEMORY_FILE_PATH", second}}
	if _, err := a.h.MCP.EditMCPServer("memory", edit); err != nil {
		t.Fatal(err)
	}
	file := readUserMCP(t, cfg)
	if strings.Contains(file, second) || strings.Contains(file, secret) || strings.Contains(file, "HOME_REF") ||
		!strings.Contains(file, "${keychain:mcp.memory.env.MEMORY_FILE_PATH}") {
		t.Fatalf("mcp.json after the edit:\n%s", file)
	}
	if v, err := a.deps.Secrets.Item(t.Context(), "mcp.memory.env.API_TOKEN"); err != nil || v != secret {
		t.Fatalf("the untouched token became %q, %v", v, err)
	}
	remember := func(server, who string, path string) {
		t.Helper()
		serverIn(t, a, server, status("connected"))
		args := `{"entities":[{"name":"` + who + `","entityType":"person","observations":["edited"]}]}`
		if _, err := a.project().MCP().Call(t.Context(), server, "create_entities", []byte(args)); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(path); !strings.Contains(string(b), who) {
			t.Fatalf("%s did not land in %s (the restarted server's env): %q", who, path, b)
		}
	}
	remember("memory", "Ann", second)

	edit.Name = "mem2"
	v, err := a.h.MCP.EditMCPServer("memory", edit)
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(v.Servers, func(s MCPServerView) bool { return s.Name == "memory" }) {
		t.Fatalf("the old name is still listed: %+v", v.Servers)
	}
	for ref, want := range map[string]string{"mcp.mem2.env.API_TOKEN": secret, "mcp.mem2.env.MEMORY_FILE_PATH": second} {
		if got, err := a.deps.Secrets.Item(t.Context(), ref); err != nil || got != want {
			t.Errorf("%s = %q, %v after the rename", ref, got, err)
		}
	}
	if _, err := a.deps.Secrets.Item(t.Context(), "mcp.memory.env.API_TOKEN"); err == nil {
		t.Error("the old name's token stays in the keychain")
	}
	remember("mem2", "Bob", second)
}
