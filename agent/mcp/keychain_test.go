package mcp_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/secrets"
)

// ring is an in-memory keychain.
type ring map[string]string

func (r ring) Get(s, u string) (string, error) {
	if v, ok := r[u]; ok {
		return v, nil
	}
	return "", secrets.ErrNotFound
}
func (r ring) Set(s, u, p string) error { r[u] = p; return nil }
func (r ring) Delete(s, u string) error { delete(r, u); return nil }

func TestMoveSecretsIntoTheKeychain(t *testing.T) {
	kc := ring{}
	store := secrets.NewWith(kc, time.Second, func(string) string { return "" })
	f, err := config.Parse([]byte(`{"mcpServers": {"gh": {"type": "http", "url": "https://api.example.com/mcp",
		"headers": {"Authorization": "Bearer ghp_imported0123456789", "X-Env": "${GH_ENV}"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	n, err := mcp.MoveSecrets(context.Background(), store, f, "gh")
	if err != nil || n != 1 {
		t.Fatalf("moved %d, %v", n, err)
	}
	out, _ := f.Marshal()
	if strings.Contains(string(out), "ghp_imported") || !strings.Contains(string(out), "${keychain:mcp.gh.header.Authorization}") || !strings.Contains(string(out), "${GH_ENV}") {
		t.Fatalf("file after the move:\n%s", out)
	}
	if kc["item:mcp.gh.header.Authorization"] != "Bearer ghp_imported0123456789" {
		t.Fatalf("keychain %v", kc)
	}
	// The moved value still reaches the server when expanded.
	s, _, err := f.Servers["gh"].Expand(context.Background(), "gh", config.Env{Keychain: store.Item, Getenv: func(string) string { return "e" }})
	if err != nil || s.Headers["Authorization"] != "Bearer ghp_imported0123456789" {
		t.Fatalf("expanded %v, %v", s.Headers, err)
	}
	if n, err := mcp.MoveSecrets(context.Background(), store, f, "gh"); n != 0 || err != nil {
		t.Fatalf("moving again: %d %v", n, err)
	}
	if _, err := mcp.MoveSecrets(context.Background(), store, f, "nope"); !errors.Is(err, config.ErrNoServer) {
		t.Fatalf("unknown server: %v", err)
	}
}
