package mcp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
	"github.com/hearth-agent/hearth/agent/redact"
)

func remote(name string, kind config.Transport, url string) mcp.Entry {
	return mcp.Entry{Named: config.Named{Name: name, Server: config.Server{Type: kind, URL: url}}}
}

// An old server speaks only HTTP+SSE: named as sse it is reached directly,
// named as http Hearth falls back to it.
func TestLegacySSE(t *testing.T) {
	url := mcptest.SSEEverything(t)
	for _, kind := range []config.Transport{config.SSE, config.HTTP} {
		m := started(t, mcp.Options{}, remote("old", kind, url))
		s := serverInfo(m, "old")
		if s.Status != mcp.StatusConnected || s.Transport != config.SSE {
			t.Fatalf("type %s: status %s via %s: %s %v", kind, s.Status, s.Transport, s.Error, s.Log)
		}
		out, err := find(t, m, "mcp__old__echo").Run(context.Background(), json.RawMessage(`{"message":"over sse"}`))
		if err != nil || !strings.Contains(out, "over sse") {
			t.Fatalf("type %s: echo %q, %v", kind, out, err)
		}
	}
}

// A server that wants a sign-in is needs-auth, and the configured headers
// (secrets, redacted everywhere once expanded) are sent.
func TestNeedsAuthAndHeaders(t *testing.T) {
	const token = "Bearer remote-secret-0123456789"
	var sent atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sent.Store(r.Header.Get("Authorization"))
		w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+"http://"+r.Host+`/.well-known/oauth-protected-resource"`)
		http.Error(w, "sign in first", http.StatusUnauthorized)
	}))
	t.Cleanup(srv.Close)
	e := remote("gh", config.HTTP, srv.URL+"/mcp")
	e.Headers = map[string]string{"Authorization": "${GH_AUTH}"}
	env := config.Env{Getenv: func(k string) string { return map[string]string{"GH_AUTH": token}[k] }}
	m := started(t, mcp.Options{Env: env}, e)
	s := serverInfo(m, "gh")
	if s.Status != mcp.StatusNeedsAuth {
		t.Fatalf("status %s: %s", s.Status, s.Error)
	}
	if sent.Load() != token {
		t.Fatalf("Authorization sent: %v", sent.Load())
	}
	if got := redact.New().String("header " + token); strings.Contains(got, "remote-secret") {
		t.Fatalf("the expanded header is not redacted: %q", got)
	}
}
