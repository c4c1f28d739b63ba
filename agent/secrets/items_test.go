package secrets

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/redact"
)

func TestItems(t *testing.T) {
	ctx := context.Background()
	ring := &memRing{keys: map[string]string{}}
	s := NewWith(ring, time.Second, env(nil))
	const value = "ghp_itemSecretValue123456"
	if err := s.SetItem(ctx, "mcp.github.env.TOKEN", value); err != nil {
		t.Fatal(err)
	}
	if ring.keys[Service+"/item:mcp.github.env.TOKEN"] != value {
		t.Fatalf("keychain holds %v", ring.keys)
	}
	if got := redact.New().String("token " + value); got == "token "+value {
		t.Fatal("a stored item is not redacted")
	}
	if v, err := s.Item(ctx, "mcp.github.env.TOKEN"); err != nil || v != value {
		t.Fatalf("Item: %q, %v", v, err)
	}
	if err := s.DeleteItem(ctx, "mcp.github.env.TOKEN"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Item(ctx, "mcp.github.env.TOKEN"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after delete: %v", err)
	}
	if err := s.DeleteItem(ctx, "mcp.github.env.TOKEN"); err != nil {
		t.Fatalf("deleting twice: %v", err)
	}
	if err := s.SetItem(ctx, "", value); err == nil {
		t.Fatal("an empty name was accepted")
	}
	// A provider key and an item of the same name never collide.
	if err := s.Set(ctx, "openai", "sk-provider-key-123456"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Item(ctx, "openai"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("item openai: %v", err)
	}
}
