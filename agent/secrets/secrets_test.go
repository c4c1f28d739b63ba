package secrets

import (
	"context"
	"errors"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

// memRing is an in-memory Keyring whose calls can be made to hang or fail,
// to test the store's timeout and fallback logic; the real Secret Service is
// exercised by TestRealKeychain.
type memRing struct {
	mu    sync.Mutex
	keys  map[string]string
	hang  chan struct{}
	fail  error
	calls int
}

func (m *memRing) do() error {
	m.mu.Lock()
	m.calls++
	m.mu.Unlock()
	if m.hang != nil {
		<-m.hang
	}
	return m.fail
}
func (m *memRing) Get(s, u string) (string, error) {
	if err := m.do(); err != nil {
		return "", err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.keys[s+"/"+u]
	if !ok {
		return "", keyring.ErrNotFound
	}
	return v, nil
}
func (m *memRing) Set(s, u, p string) error {
	if err := m.do(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.keys[s+"/"+u] = p
	return nil
}
func (m *memRing) Delete(s, u string) error {
	if err := m.do(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.keys[s+"/"+u]; !ok {
		return keyring.ErrNotFound
	}
	delete(m.keys, s+"/"+u)
	return nil
}

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestResolveOrder(t *testing.T) {
	ctx := context.Background()
	ring := &memRing{keys: map[string]string{}}
	s := NewWith(ring, time.Second, env(map[string]string{"OPENAI_API_KEY": "from-env"}))
	tests := []struct {
		name    string
		setup   func()
		wantKey string
		wantSrc Source
	}{
		{"env only", func() {}, "from-env", SourceEnv},
		{"session beats env", func() { _ = s.SetSessionOnly("openai", "sess") }, "sess", SourceSession},
		{"keychain beats session", func() { _ = s.Set(ctx, "openai", "ring") }, "ring", SourceKeychain},
		{"after delete falls to env", func() { _ = s.Delete(ctx, "openai") }, "from-env", SourceEnv},
	}
	for _, tt := range tests {
		tt.setup()
		key, src, err := s.Resolve(ctx, "openai")
		if err != nil || key != tt.wantKey || src != tt.wantSrc {
			t.Errorf("%s: got %q %s %v, want %q %s", tt.name, key, src, err, tt.wantKey, tt.wantSrc)
		}
	}
}

func TestHungKeychainTimesOut(t *testing.T) {
	ring := &memRing{keys: map[string]string{}, hang: make(chan struct{})}
	defer close(ring.hang)
	s := NewWith(ring, 50*time.Millisecond, env(nil))
	start := time.Now()
	err := s.Set(context.Background(), "anthropic", "k")
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Set blocked for %v", d)
	}
	// Statuses must not pay one timeout per provider.
	ids := []string{"openai", "anthropic", "openrouter", "ollama"}
	start = time.Now()
	got, err := s.Statuses(context.Background(), ids)
	if !errors.Is(err, ErrTimeout) || len(got) != len(ids) {
		t.Fatalf("Statuses = %v, %v", got, err)
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("Statuses took %v: it retried the hung keychain", d)
	}
	start = time.Now()
	_ = s.Values(context.Background(), ids)
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("Values took %v: it retried the hung keychain", d)
	}
}

func TestUnavailableKeychainIsTypedAndNeverFallsBackToDisk(t *testing.T) {
	ring := &memRing{keys: map[string]string{}, fail: errors.New("The name org.freedesktop.secrets was not provided by any .service files")}
	s := NewWith(ring, time.Second, env(nil))
	err := s.Set(context.Background(), "openai", "sk-x")
	var ue *UnavailableError
	if !errors.As(err, &ue) {
		t.Fatalf("err = %v, want UnavailableError", err)
	}
	if _, src, _ := s.Resolve(context.Background(), "openai"); src != SourceNone {
		t.Errorf("a failed Set left a key somewhere: %s", src)
	}
	if err := s.SetSessionOnly("openai", "sk-x"); err != nil {
		t.Fatal(err)
	}
	if key, src, _ := s.Resolve(context.Background(), "openai"); key != "sk-x" || src != SourceSession {
		t.Errorf("session key: %q %s", key, src)
	}
}

func TestRejectsUnknownProviderAndEmptyKey(t *testing.T) {
	s := NewWith(&memRing{keys: map[string]string{}}, time.Second, env(nil))
	if err := s.Set(context.Background(), "nope", "k"); err == nil {
		t.Error("unknown provider accepted")
	}
	if err := s.Set(context.Background(), "openai", ""); err == nil {
		t.Error("empty key accepted")
	}
}

// TestRealKeychain runs against the desktop's Secret Service. `make test`
// runs it under dbus-run-session with gnome-keyring and HEARTH_KEYRING_TEST=1,
// which turns a missing keychain into a failure instead of a skip.
func TestRealKeychain(t *testing.T) {
	if os.Getenv("HEARTH_KEYRING_TEST") != "1" {
		t.Skip("set HEARTH_KEYRING_TEST=1 under a Secret Service to run")
	}
	ctx := context.Background()
	s := NewWith(osKeyring{}, 5*time.Second, env(nil))
	const id, key = "custom:hearth-test", "sk-real-keychain-test-1234"
	if err := s.Set(ctx, id, key); err != nil {
		t.Fatalf("Set: %v", err)
	}
	got, src, err := s.Resolve(ctx, id)
	if err != nil || got != key || src != SourceKeychain {
		t.Fatalf("Resolve = %q %s %v", got, src, err)
	}
	if err := s.Delete(ctx, id); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if _, src, _ := s.Resolve(ctx, id); src != SourceNone {
		t.Errorf("after delete: %s", src)
	}
}
