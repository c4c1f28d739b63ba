package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
)

// `hearth run` reads an MCP resource the prompt mentions as @server:uri
// into what the model receives, as the desktop's @ picker does.
func TestRunSendsAMentionedMCPResource(t *testing.T) {
	everything := mcptest.Bin(t, "mcp-server-everything")
	h, ws := newMCPHome(t), t.TempDir()
	h.vars["OPENAI_API_KEY"] = "sk-test-key-123456"
	conf := filepath.Join(t.TempDir(), "servers.json")
	os.WriteFile(conf, []byte(`{"mcpServers": {"ev": {"command": "`+everything+`", "args": ["stdio"]}}}`), 0o600)
	s := newLLMServer(t, textReply("Read."))
	const uri = "demo://resource/dynamic/text/7"
	code, _, errOut := h.run(t, "run", "--workspace", ws, "--provider", "openai", "--model", "gpt-4o",
		"--base-url", s.srv.URL+"/v1", "--mcp-config", conf, "--json", "what does @ev:"+uri+" say?")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	s.mu.Lock()
	req, _ := json.Marshal(s.bodies[0])
	s.mu.Unlock()
	for _, want := range []string{`uri=\"` + uri + `\"`, "Resource 7: This is a plaintext resource"} {
		if !strings.Contains(string(req), want) {
			t.Errorf("the request lacks %q: %.800s", want, req)
		}
	}
	code, _, errOut = h.run(t, "run", "--workspace", ws, "--provider", "openai", "--model", "gpt-4o",
		"--base-url", s.srv.URL+"/v1", "--mcp-config", conf, "read @ev:demo://no/such/thing")
	if code != ExitFailure || !strings.Contains(errOut, "demo://no/such/thing") {
		t.Fatalf("an unknown resource: exit %d: %s", code, errOut)
	}
}
