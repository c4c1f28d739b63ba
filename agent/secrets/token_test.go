package secrets

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestServeTokenIsGeneratedOnceAndKept(t *testing.T) {
	ring := &memRing{keys: map[string]string{}}
	s := NewWith(ring, time.Second, env(nil))
	first, err := s.ServeToken(context.Background())
	if err != nil || !strings.HasPrefix(first, "hearth-") || len(first) < 40 {
		t.Fatalf("token %q, %v", first, err)
	}
	again, err := NewWith(ring, time.Second, env(nil)).ServeToken(context.Background())
	if err != nil || again != first {
		t.Fatalf("a second run must read the same token: %q vs %q (%v)", again, first, err)
	}
}

func TestServeTokenReportsAnUnusableKeychain(t *testing.T) {
	ring := &memRing{keys: map[string]string{}, fail: errors.New("no secret service")}
	_, err := NewWith(ring, time.Second, env(nil)).ServeToken(context.Background())
	var un *UnavailableError
	if !errors.As(err, &un) {
		t.Fatalf("want an UnavailableError, got %v", err)
	}
}
