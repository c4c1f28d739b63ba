package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
)

// hearth run says when its turn waits for an MCP server still starting
// (on stderr, or as mcp_waiting events with --json), then offers its tools.
func TestRunSaysItWaitsForMCPServers(t *testing.T) {
	everything := mcptest.Bin(t, "mcp-server-everything")
	h, ws := newMCPHome(t), t.TempDir()
	h.vars["OPENAI_API_KEY"] = "sk-test-key-123456"
	conf := filepath.Join(t.TempDir(), "servers.json")
	// A real server that takes its time: a shell that sleeps, then becomes
	// server-everything.
	body := `{"mcpServers": {"slow": {"command": "sh", "args": ["-c", "sleep 1; exec \"$0\" stdio", "` + everything + `"]}}}`
	if err := os.WriteFile(conf, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(extra ...string) (int, string, string) {
		s := newLLMServer(t, toolReply("call_1", "mcp__slow__echo", `{"message":"hi from run"}`), textReply("Echoed."))
		args := append([]string{"run", "--workspace", ws, "--provider", "openai", "--model", "gpt-4o",
			"--base-url", s.srv.URL + "/v1", "--mcp-config", conf, "--strict-mcp-config", "--approve", "all"}, extra...)
		return h.run(t, append(args, "echo something")...)
	}

	code, out, errOut := run("--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	events := jsonLines(t, out)
	if len(events) < 2 || events[0]["type"] != "mcp_waiting" || events[1]["type"] != "mcp_waiting" {
		t.Fatalf("the first events are not the wait and its end:\n%s", out)
	}
	if s, _ := events[0]["servers"].([]any); len(s) != 1 || s[0] != "slow" || events[0]["done"] != nil {
		t.Errorf("the wait: %v, want servers [slow]", events[0])
	}
	if s, _ := events[1]["servers"].([]any); events[1]["done"] != true || len(s) != 0 {
		t.Errorf("the wait's end: %v, want done with no server left", events[1])
	}
	var result map[string]any
	for _, e := range events {
		if e["type"] == "tool_result" {
			result = e
		}
	}
	if result == nil || result["status"] != "succeeded" || !strings.Contains(result["output"].(string), "hi from run") {
		t.Fatalf("the slow server's tool in the turn: %v\n%s", result, out)
	}

	code, out, errOut = run()
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "hearth run: waiting for MCP server slow to connect…\n") || strings.Contains(out, "waiting") {
		t.Errorf("text mode: the wait belongs on stderr only\nstderr: %s\nstdout: %s", errOut, out)
	}
	if !strings.Contains(out, "Echoed.") {
		t.Errorf("stdout: %s", out)
	}
}
