package cli

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hearth-agent/hearth/agent/egress"
	"github.com/hearth-agent/hearth/agent/session"
)

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// guardEgress fails the test on any request that leaves without passing
// agent/egress's recorder: Go's default transport (behind http.Get and
// http.DefaultClient) fails outright, and the layer's own transport lets
// through only what the recorder marked. dial, when set, replaces the
// address every connection goes to.
func guardEgress(t *testing.T, dial func() string) {
	t.Helper()
	real := http.DefaultTransport
	base := real.(*http.Transport).Clone()
	if dial != nil {
		base.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, network, dial())
		}
	}
	http.DefaultTransport = roundTripFunc(func(r *http.Request) (*http.Response, error) {
		t.Errorf("a request bypassed the egress layer: %s %s", r.Method, r.URL.Redacted())
		return nil, errors.New("bypassed the egress layer")
	})
	egress.Default.SetBase(roundTripFunc(func(r *http.Request) (*http.Response, error) {
		if !egress.Recorded(r) {
			t.Errorf("a request reached the transport unrecorded: %s %s", r.Method, r.URL.Redacted())
			return nil, errors.New("unrecorded")
		}
		return base.RoundTrip(r)
	}))
	t.Cleanup(func() {
		http.DefaultTransport = real
		egress.Default.SetBase(nil)
		base.CloseIdleConnections()
	})
}

// newEchoMCP is an MCP server over streamable HTTP with one tool, echo,
// counting the requests it receives.
func newEchoMCP(t *testing.T) (url string, hits *atomic.Int32) {
	t.Helper()
	s := sdk.NewServer(&sdk.Implementation{Name: "echo", Version: "1"}, nil)
	sdk.AddTool(s, &sdk.Tool{Name: "echo"}, func(_ context.Context, _ *sdk.CallToolRequest, in struct {
		Text string `json:"text"`
	}) (*sdk.CallToolResult, any, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "echo: " + in.Text}}}, nil, nil
	})
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, &sdk.StreamableHTTPOptions{JSONResponse: true})
	hits = &atomic.Int32{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mcp", hits
}

func writeMCPConfig(t *testing.T, url string) string {
	t.Helper()
	conf := filepath.Join(t.TempDir(), "servers.json")
	if err := os.WriteFile(conf, []byte(`{"mcpServers": {"web": {"type": "http", "url": "`+url+`"}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	return conf
}

func lastSessionID(t *testing.T, h *mcpHome) string {
	t.Helper()
	code, out, errOut := h.run(t, "sessions", "list", "--json")
	var list []session.Session
	if code != 0 || json.Unmarshal([]byte(out), &list) != nil || len(list) == 0 {
		t.Fatalf("sessions list: exit %d: %s %s", code, out, errOut)
	}
	return list[0].ID
}

// No request leaves Hearth that is not in the log: a turn that calls the
// model and an MCP server over HTTP makes every request through the
// recorder, and `sessions network --json` lists them with exactly the
// contract's fields.
func TestEveryRequestIsInTheNetworkLog(t *testing.T) {
	guardEgress(t, nil)
	mcpURL, mcpHits := newEchoMCP(t)
	h, ws := newMCPHome(t), t.TempDir()
	s := newLLMServer(t, toolReply("call_1", "mcp__web__echo", `{"text":"hi"}`), textReply("Echoed."))
	code, out, errOut := h.run(t, "run", "--workspace", ws, "--provider", "openai-compatible", "--model", "m",
		"--base-url", s.srv.URL+"/v1", "--mcp-config", writeMCPConfig(t, mcpURL+"?token=SECRET-QUERY"), "--strict-mcp-config",
		"--approve", "all", "--json", "call echo")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "echo: hi") || mcpHits.Load() == 0 {
		t.Fatalf("the MCP tool did not answer (%d requests):\n%s", mcpHits.Load(), out)
	}
	id := lastSessionID(t, h)

	code, out, errOut = h.run(t, "sessions", "network", id, "--json")
	if code != 0 {
		t.Fatalf("sessions network: exit %d: %s", code, errOut)
	}
	var raw []map[string]any
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatalf("not a JSON array: %v\n%s", err, out)
	}
	want := []string{"bytes_in", "bytes_out", "host", "method", "path", "purpose", "status", "time"}
	var model int
	for _, r := range raw {
		var keys []string
		for k := range r {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if !slices.Equal(keys, want) {
			t.Errorf("fields %v, want exactly %v", keys, want)
		}
		if r["purpose"] == "model" && r["path"] == "/v1/chat/completions" {
			model++
			if r["method"] != "POST" || r["status"] != 200.0 || r["bytes_out"].(float64) <= 0 || r["bytes_in"].(float64) <= 0 ||
				r["host"] != strings.TrimPrefix(s.srv.URL, "http://") {
				t.Errorf("model request %v", r)
			}
		}
	}
	if model != 2 {
		t.Errorf("%d model requests in the log, want 2:\n%s", model, out)
	}

	// The MCP server's requests are in the log, the session's or the app's.
	store, err := session.Open(context.Background(), filepath.Join(h.data, session.FileName), session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	mine, _ := store.Network(context.Background(), id)
	app, _ := store.Network(context.Background(), "")
	var mcp, call int
	for i, e := range append(mine, app...) {
		if strings.Contains(e.Path+e.Error, "SECRET-QUERY") {
			t.Errorf("the log holds a query string: %+v", e)
		}
		if e.Purpose == egress.MCP && e.Path == "/mcp" {
			mcp++
			if i < len(mine) {
				call++ // the tool call served the conversation
			}
		}
	}
	if mcp != int(mcpHits.Load()) || call == 0 {
		t.Errorf("%d MCP requests in the log (%d for the conversation), the server saw %d", mcp, call, mcpHits.Load())
	}

	code, out, _ = h.run(t, "sessions", "network", id)
	if code != 0 || !strings.Contains(out, "PURPOSE") || !strings.Contains(out, "/v1/chat/completions") {
		t.Errorf("text form: exit %d\n%s", code, out)
	}
}

// --offline refuses a cloud provider before connecting: the run fails
// with a plain "offline" error and the server a cloud name leads to
// receives nothing; without --offline the same run reaches it.
func TestOfflineRefusesACloudProvider(t *testing.T) {
	s := newLLMServer(t, textReply("reached"))
	addr := strings.TrimPrefix(s.srv.URL, "http://")
	guardEgress(t, func() string { return addr }) // every connection goes to s
	h, ws := newMCPHome(t), t.TempDir()
	cloud := "http://models.cloud.example:443/v1"
	args := []string{"run", "--workspace", ws, "--provider", "openai-compatible", "--model", "m", "--base-url", cloud, "hello"}

	offline := append([]string{"run", "--offline"}, args[1:]...)
	code, out, errOut := h.run(t, offline...)
	if code != ExitFailure {
		t.Fatalf("exit %d, want %d: %s %s", code, ExitFailure, out, errOut)
	}
	if !strings.Contains(out+errOut, "offline") {
		t.Errorf("the error does not say offline:\n%s\n%s", out, errOut)
	}
	s.mu.Lock()
	n := len(s.bodies)
	s.mu.Unlock()
	if n != 0 {
		t.Fatalf("the server received %d requests while offline", n)
	}

	// The settings' "Work offline" does the same.
	if err := os.WriteFile(filepath.Join(h.cfg, "settings.json"), []byte(`{"offline": true}`), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = h.run(t, args...)
	s.mu.Lock()
	n = len(s.bodies)
	s.mu.Unlock()
	if code != ExitFailure || !strings.Contains(out+errOut, "offline") || n != 0 {
		t.Fatalf("settings offline: exit %d, %d requests: %s %s", code, n, out, errOut)
	}
	os.Remove(filepath.Join(h.cfg, "settings.json"))

	// The control: online, the same name reaches the server.
	code, out, errOut = h.run(t, args...)
	if code != 0 || !strings.Contains(out, "reached") {
		t.Fatalf("online: exit %d: %s %s", code, out, errOut)
	}
}

// Offline, a model server on this machine still answers, and an MCP
// server over HTTP is refused without a request, even on loopback.
func TestOfflineKeepsLoopbackModels(t *testing.T) {
	guardEgress(t, nil)
	mcpURL, mcpHits := newEchoMCP(t)
	h, ws := newMCPHome(t), t.TempDir()
	s := newLLMServer(t, textReply("local answer"))
	code, out, errOut := h.run(t, "run", "--offline", "--workspace", ws, "--provider", "openai-compatible", "--model", "m",
		"--base-url", s.srv.URL+"/v1", "--mcp-config", writeMCPConfig(t, mcpURL), "--strict-mcp-config", "hello")
	if code != 0 || !strings.Contains(out, "local answer") {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	if n := mcpHits.Load(); n != 0 {
		t.Errorf("the MCP server received %d requests while offline", n)
	}
	if !strings.Contains(errOut, "offline") {
		t.Errorf("the MCP server's failure does not say offline:\n%s", errOut)
	}
}
