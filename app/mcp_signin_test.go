package app

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
)

// A server that asks to sign in waits as needs-auth without opening a
// page; Sign in opens its page (the browser follows the redirect) and the
// server connects, its sign-in kept in the keychain, not in mcp.json.
func TestSettingsSignsInToAnMCPServer(t *testing.T) {
	auth := mcptest.NewAuthServer(t)
	a, cfg := newTestApp(t, nil)
	var opened []string
	var mu sync.Mutex
	a.mcp.openURL = func(u string) error {
		mu.Lock()
		opened = append(opened, u)
		mu.Unlock()
		resp, err := http.Get(u) // the person approves; the browser follows the redirect
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	if _, err := a.h.Project.OpenWorkspace(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	if _, err := a.h.MCP.AddMCPServersJSON(`{"mcpServers": {"remote": {"type": "http", "url": "` + auth.Srv.URL + `/mcp"}}}`); err != nil {
		t.Fatal(err)
	}
	serverIn(t, a, "remote", status("needs-auth"))
	mu.Lock()
	if len(opened) != 0 {
		t.Fatalf("a sign-in page opened unasked: %v", opened)
	}
	mu.Unlock()
	if _, err := a.h.MCP.SignInMCPServer("remote"); err != nil {
		t.Fatal(err)
	}
	s := serverIn(t, a, "remote", status("connected"))
	if _, ok := toolOf(s, "whoami"); !ok {
		t.Fatalf("tools after signing in: %+v", s.Tools)
	}
	tok, err := a.deps.Secrets.Item(t.Context(), "mcp.remote.oauth")
	if err != nil || !strings.Contains(tok, "access-token-") {
		t.Fatalf("the sign-in was not kept in the keychain: %q %v", tok, err)
	}
	if strings.Contains(readUserMCP(t, cfg), "access-token-") {
		t.Fatal("a token was written to mcp.json")
	}
	// Restarting reuses the kept sign-in without asking again.
	if _, err := a.h.MCP.RestartMCPServer("remote"); err != nil {
		t.Fatal(err)
	}
	serverIn(t, a, "remote", status("connected"))
	auth.Mu.Lock()
	defer auth.Mu.Unlock()
	if auth.Authorized != 1 {
		t.Fatalf("the person was asked %d times", auth.Authorized)
	}
}
