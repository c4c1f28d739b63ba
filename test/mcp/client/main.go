// Command client is the driver the MCP conformance suite runs in client
// mode: it connects to the scenario's server through Hearth's own MCP
// client (agent/mcp) and does what the scenario asks. The suite passes the
// server URL as the last argument and the scenario in
// MCP_CONFORMANCE_SCENARIO.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// calls is the tool each scenario calls after connecting.
var calls = map[string]struct {
	tool string
	args string
}{
	"tools_call":                          {"add_numbers", `{"a":5,"b":3}`},
	"elicitation-sep1034-client-defaults": {"test_client_elicitation_defaults", `{}`},
	"sse-retry":                           {"test_reconnection", `{}`},
	"auth":                                {"test-tool", `{}`},
}

// memoryTokens keeps sign-ins for the run (Hearth keeps them in the keychain).
type memoryTokens struct {
	mu sync.Mutex
	m  map[string]*mcp.SavedToken
}

func (t *memoryTokens) LoadToken(_ context.Context, server string) (*mcp.SavedToken, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.m[server], nil
}

func (t *memoryTokens) SaveToken(_ context.Context, server string, tok *mcp.SavedToken) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil {
		t.m = map[string]*mcp.SavedToken{}
	}
	t.m[server] = tok
	return nil
}

func main() {
	if len(os.Args) < 2 {
		fail(fmt.Errorf("usage: %s SERVER_URL (scenario in MCP_CONFORMANCE_SCENARIO)", os.Args[0]))
	}
	if err := run(os.Getenv("MCP_CONFORMANCE_SCENARIO"), os.Args[len(os.Args)-1]); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "conformance client:", err)
	os.Exit(1)
}

func run(scenario, url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 25*time.Second)
	defer cancel()
	m := mcp.NewManager(mcp.Options{
		ConnectTimeout: 20 * time.Second,
		// A person who submits the prefilled form untouched.
		Elicit: func(_ context.Context, _ string, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			return &sdk.ElicitResult{Action: "accept", Content: mcp.ElicitDefaults(req)}, nil
		},
		// A person who approves at once: the suite's authorization server
		// redirects straight back to Hearth's loopback with the code.
		SignIn: func(ctx context.Context, _, authURL string) error {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, authURL, nil)
			if err != nil {
				return err
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return err
			}
			return resp.Body.Close()
		},
		Tokens: &memoryTokens{},
	})
	defer m.Close()
	server := config.Server{Type: config.HTTP, URL: url}
	var pre struct {
		ClientID     string `json:"client_id"`
		ClientSecret string `json:"client_secret"`
	}
	if c := os.Getenv("MCP_CONFORMANCE_CONTEXT"); c != "" && json.Unmarshal([]byte(c), &pre) == nil && pre.ClientID != "" {
		server.OAuth = &config.OAuth{ClientID: pre.ClientID, ClientSecret: pre.ClientSecret}
	}
	m.Start(mcp.Entry{Named: config.Named{Name: "conformance", Server: server}})
	if err := m.Wait(ctx); err != nil {
		return err
	}
	s := m.Servers()[0]
	if s.Status != mcp.StatusConnected {
		return fmt.Errorf("server %s: %s (log: %q)", s.Status, s.Error, s.Log)
	}
	c, ok := calls[scenario]
	if strings.HasPrefix(scenario, "auth/") {
		c, ok = calls["auth"], true
	}
	if !ok {
		return nil // initialize: connecting and listing the tools is the scenario
	}
	out, err := m.Call(ctx, "conformance", c.tool, json.RawMessage(c.args))
	if err != nil {
		return fmt.Errorf("%s: %w", c.tool, err)
	}
	fmt.Println(out)
	return nil
}
