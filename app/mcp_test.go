package app

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
	"github.com/hearth-agent/hearth/agent/trust"
)

func waitMCP(t *testing.T, a *App) map[string]mcp.Server {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	m := a.project().MCP()
	if m == nil {
		t.Fatal("no MCP servers for the open workspace")
	}
	if err := m.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	out := map[string]mcp.Server{}
	for _, s := range m.Servers() {
		out[s.Name] = s
	}
	return out
}

// The desktop chat offers the user's MCP servers' tools, asks before a
// call (with its arguments), and starts a folder's own servers once the
// folder is trusted.
func TestChatUsesMCPToolsWithApproval(t *testing.T) {
	memory := mcptest.Bin(t, "mcp-server-memory")
	memFile := filepath.Join(t.TempDir(), "memory.jsonl")
	p := &scriptedProvider{replies: []string{
		toolReply("call_1", "mcp__memory__create_entities", `{"entities":[{"name":"Ann","entityType":"person","observations":["likes tea"]}]}`),
		textReply("Noted."),
	}}
	a, cfg := scriptedApp(t, p, "ask")
	user := `{"mcpServers": {"memory": {"command": "` + memory + `", "env": {"MEMORY_FILE_PATH": "` + memFile + `"}}}}`
	if err := os.WriteFile(filepath.Join(cfg, "mcp.json"), []byte(user), 0o600); err != nil {
		t.Fatal(err)
	}
	ws := t.TempDir()
	project := `{"mcpServers": {"notes": {"command": "` + memory + `", "env": {"MEMORY_FILE_PATH": "` + filepath.Join(t.TempDir(), "notes.jsonl") + `"}}}}`
	if err := os.WriteFile(filepath.Join(ws, ".mcp.json"), []byte(project), 0o644); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	a.setEmitter(rec.emit)
	if _, err := a.h.Project.OpenWorkspace(ws); err != nil {
		t.Fatal(err)
	}
	st := waitMCP(t, a)
	if st["memory"].Status != mcp.StatusConnected || st["notes"].Status != mcp.StatusUntrusted {
		t.Fatalf("statuses: memory %s (%s), notes %s", st["memory"].Status, st["memory"].Error, st["notes"].Status)
	}

	if _, err := a.h.Chat.Send(a.shownID(), "remember Ann"); err != nil {
		t.Fatal(err)
	}
	req := rec.waitFor(t, "approval_requested")
	if req["tool"] != "mcp__memory__create_entities" || !strings.Contains(req["detail"].(string), "likes tea") {
		t.Fatalf("approval request = %v", req)
	}
	if b, _ := os.ReadFile(memFile); strings.Contains(string(b), "Ann") {
		t.Fatal("the call ran before approval")
	}
	if err := a.h.Chat.Approve(a.shownID(), req["requestId"].(string), "allow_once", ""); err != nil {
		t.Fatal(err)
	}
	if fin := rec.waitFor(t, "tool_finished"); fin["status"] != "succeeded" {
		t.Fatalf("tool_finished = %v", fin)
	}
	rec.waitFor(t, "done")
	if b, _ := os.ReadFile(memFile); !strings.Contains(string(b), `"Ann"`) {
		t.Fatalf("the server did not store the entity: %q", b)
	}

	items, err := trust.List(ws)
	if err != nil {
		t.Fatal(err)
	}
	var approve []TrustApproval
	for _, it := range items {
		approve = append(approve, TrustApproval{Path: it.Path, Digest: it.Digest})
	}
	if _, err := a.h.Project.TrustWorkspace(approve); err != nil {
		t.Fatal(err)
	}
	if st := waitMCP(t, a); st["notes"].Status != mcp.StatusConnected || st["memory"].Status != mcp.StatusConnected {
		t.Fatalf("after trust: notes %s (%s), memory %s", st["notes"].Status, st["notes"].Error, st["memory"].Status)
	}
}

// The composer's "/server:prompt args" runs the server's prompt.
func TestChatExpandsAnMCPPrompt(t *testing.T) {
	everything := mcptest.Bin(t, "mcp-server-everything")
	p := &scriptedProvider{replies: []string{textReply("Sunny.")}}
	a, cfg := scriptedApp(t, p, "")
	if err := os.WriteFile(filepath.Join(cfg, "mcp.json"), []byte(`{"mcpServers": {"ev": {"command": "`+everything+`", "args": ["stdio"]}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	a.setEmitter(rec.emit)
	if _, err := a.h.Project.OpenWorkspace(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	waitMCP(t, a)
	if _, err := a.h.Chat.Send(a.shownID(), "/ev:args-prompt Lisbon"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "done")
	p.mu.Lock()
	defer p.mu.Unlock()
	req, _ := json.Marshal(p.requests[0])
	if !strings.Contains(string(req), "What's weather in Lisbon?") {
		t.Fatalf("the prompt was not expanded: %.500s", req)
	}
}
