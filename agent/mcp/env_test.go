package mcp_test

import (
	"context"
	"os"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// envServerFile, set in a child's environment by its server entry, makes
// this test binary an MCP stdio server that first writes its environment
// there (TestEnvServer below).
const envServerFile = "MCPTEST_ENV_FILE"

// TestEnvServer is not a test: run by TestStdioServerEnvIsScrubbed as a
// server, it records its environment and serves until stdin closes.
func TestEnvServer(t *testing.T) {
	file := os.Getenv(envServerFile)
	if file == "" {
		t.Skip("runs only as TestStdioServerEnvIsScrubbed's server")
	}
	if err := os.WriteFile(file, []byte(strings.Join(os.Environ(), "\n")), 0o600); err != nil {
		os.Exit(3)
	}
	s := sdk.NewServer(&sdk.Implementation{Name: "env", Version: "1"}, nil)
	_ = s.Run(context.Background(), &sdk.StdioTransport{})
	os.Exit(0) // before the test framework prints on the protocol's stdout
}

// A stdio server gets Hearth's environment without provider keys, other
// LLM credentials or Hearth's own token, and with the variables its entry
// names (the person wrote those, so they are added after the scrubbing).
func TestStdioServerEnvIsScrubbed(t *testing.T) {
	for k, v := range map[string]string{"OPENAI_API_KEY": "sk-parent-openai", "ANTHROPIC_API_KEY": "sk-parent-ant",
		"GEMINI_API_KEY": "parent-gemini", "HEARTH_API_TOKEN": "parent-token", "MCPTEST_KEEP": "kept"} {
		t.Setenv(k, v)
	}
	file := t.TempDir() + "/env.txt"
	entry := mcp.Entry{Named: config.Named{Name: "env", Scope: config.ScopeUser, Server: config.Server{
		Command: os.Args[0], Args: []string{"-test.run=^TestEnvServer$"},
		Env: map[string]string{envServerFile: file, "SERVER_OWN_TOKEN": "configured"}}}}
	m := started(t, mcp.Options{}, entry)
	if s := serverInfo(m, "env"); s.Status != mcp.StatusConnected {
		t.Fatalf("status %s (%s); log %v", s.Status, s.Error, s.Log)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	env := "\n" + string(b) + "\n"
	for _, leaked := range []string{"OPENAI_API_KEY=", "ANTHROPIC_API_KEY=", "GEMINI_API_KEY=", "HEARTH_API_TOKEN="} {
		if strings.Contains(env, "\n"+leaked) {
			t.Errorf("the server's environment holds %s", leaked)
		}
	}
	for _, kept := range []string{"MCPTEST_KEEP=kept", "SERVER_OWN_TOKEN=configured"} {
		if !strings.Contains(env, "\n"+kept+"\n") {
			t.Errorf("the server's environment lacks %s", kept)
		}
	}
}
