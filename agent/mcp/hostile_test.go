package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// A server that prints garbage, or never answers, fails within the
// connect timeout; the caller of Start never waits for it.
func TestGarbageAndSilentServersFail(t *testing.T) {
	dir := t.TempDir()
	scripts := map[string]string{
		"garbage": "#!/bin/sh\nwhile true; do echo 'this is not JSON-RPC {{{'; sleep 0.05; done\n",
		"silent":  "#!/bin/sh\nexec sleep 600\n",
	}
	var entries []mcp.Entry
	for name, body := range scripts {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
		entries = append(entries, stdioEntry(t, name, p))
	}
	m := mcp.NewManager(mcp.Options{ConnectTimeout: 2 * time.Second, Workspace: dir})
	t.Cleanup(m.Close)
	start := time.Now()
	m.Start(entries...)
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Fatalf("Start waited %s", d)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := m.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"garbage", "silent"} {
		if s := serverInfo(m, name); s.Status != mcp.StatusFailed {
			t.Errorf("%s: %s %s", name, s.Status, s.Error)
		}
	}
}

// A result of tens of megabytes (past the SDK's 16 MiB frame caps) reaches the model as its head and tail with the size
// noted, or as an error; either way the call returns.
func TestHugeResultIsCapped(t *testing.T) {
	s := sdk.NewServer(&sdk.Implementation{Name: "huge", Version: "1"}, nil)
	sdk.AddTool(s, &sdk.Tool{Name: "dump"}, func(context.Context, *sdk.CallToolRequest, struct {
		MB int `json:"mb"`
	}) (*sdk.CallToolResult, any, error) {
		return nil, nil, errors.New("answered by the handler below")
	})
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, &sdk.StreamableHTTPOptions{JSONResponse: true})
	// The call's answer is written straight from bytes, so the test spends
	// its time in the client, not in encoding the server's side.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				Arguments struct{ MB int } `json:"arguments"`
			} `json:"params"`
		}
		if json.Unmarshal(body, &req) == nil && req.Method == "tools/call" {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"START `, req.ID)
			w.Write(bytes.Repeat([]byte("x"), req.Params.Arguments.MB<<20))
			io.WriteString(w, ` END"}]}}`)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	m := started(t, mcp.Options{}, mcp.Entry{Named: config.Named{Name: "huge", Server: config.Server{Type: config.HTTP, URL: srv.URL}}})
	dump := find(t, m, "mcp__huge__dump")
	out, err := dump.Run(context.Background(), json.RawMessage(`{"mb":2}`))
	if err != nil || len(out) > mcp.DefaultMaxResult+200 || !strings.HasPrefix(out, "START") || !strings.HasSuffix(out, "END") || !strings.Contains(out, "bytes left out") {
		t.Fatalf("2 MB: %d bytes, %v", len(out), err)
	}
	start := time.Now()
	out, err = dump.Run(context.Background(), json.RawMessage(`{"mb":20}`))
	if err == nil && len(out) > mcp.DefaultMaxResult+200 {
		t.Fatalf("20 MB: %d bytes reached the model", len(out))
	}
	t.Logf("20 MB: %d bytes, err %v, in %s", len(out), err, time.Since(start))
}
