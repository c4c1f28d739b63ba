// Package secrets keeps provider keys in the OS keychain (Secret Service,
// macOS Keychain, Windows Credential Manager) and never anywhere else on disk.
// Every keychain call runs under a timeout because a locked keyring can block
// on an unlock prompt forever.
package secrets

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/zalando/go-keyring"
)

// Service is the keychain service name every Hearth key is stored under.
const Service = "Hearth"

// DefaultTimeout bounds one keychain call.
const DefaultTimeout = 3 * time.Second

var (
	// ErrNotFound means no key is stored for the provider.
	ErrNotFound = errors.New("no key stored")
	// ErrTimeout means the keychain did not answer in time (often: locked,
	// waiting on an unlock prompt).
	ErrTimeout = errors.New("the keychain did not answer in time; it may be locked")
)

// UnavailableError means there is no usable keychain at all.
type UnavailableError struct{ Cause error }

func (e *UnavailableError) Error() string {
	return fmt.Sprintf("no keychain available: %v", e.Cause)
}
func (e *UnavailableError) Unwrap() error { return e.Cause }

// Help is the plain-words fix shown when the keychain cannot be used.
const Help = "Start or unlock your keyring (GNOME Keyring or KWallet on Linux), " +
	"set the provider's environment variable, or use the key for this session only."

// Keyring is the slice of go-keyring the store needs; tests and other
// platforms can supply their own.
type Keyring interface {
	Get(service, user string) (string, error)
	Set(service, user, password string) error
	Delete(service, user string) error
}

type osKeyring struct{}

// Each call first checks for a session bus, so none is ever started.
func (osKeyring) Get(s, u string) (string, error) {
	if err := checkSessionBus(); err != nil {
		return "", err
	}
	return keyring.Get(s, u)
}

func (osKeyring) Set(s, u, p string) error {
	if err := checkSessionBus(); err != nil {
		return err
	}
	return keyring.Set(s, u, p)
}

func (osKeyring) Delete(s, u string) error {
	if err := checkSessionBus(); err != nil {
		return err
	}
	return keyring.Delete(s, u)
}

// Source says where a provider's key comes from.
type Source string

const (
	SourceKeychain Source = "keychain"
	SourceSession  Source = "session" // kept in memory until quit
	SourceEnv      Source = "env"
	SourceNone     Source = "none"
)

// Store reads and writes provider keys.
type Store struct {
	ring    Keyring
	timeout time.Duration
	getenv  func(string) string

	mu      sync.Mutex
	session map[string]string
}

// New returns a Store backed by the OS keychain.
func New() *Store { return NewWith(osKeyring{}, DefaultTimeout, os.Getenv) }

// NewWith returns a Store with an injected keyring, timeout and environment.
func NewWith(ring Keyring, timeout time.Duration, getenv func(string) string) *Store {
	return &Store{ring: ring, timeout: timeout, getenv: getenv, session: map[string]string{}}
}

// call runs fn in its own goroutine so a hung keychain cannot hang the caller.
func (s *Store) call(ctx context.Context, fn func() (string, error)) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	type result struct {
		v   string
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := fn()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, classify(r.err)
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return "", ErrTimeout
		}
		return "", ctx.Err()
	}
}

func classify(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, keyring.ErrNotFound):
		return ErrNotFound
	case errors.Is(err, keyring.ErrUnsupportedPlatform):
		return &UnavailableError{Cause: err}
	default:
		// go-keyring reports a missing Secret Service or D-Bus as a plain error.
		return &UnavailableError{Cause: err}
	}
}

// Set stores key for provider id in the keychain.
func (s *Store) Set(ctx context.Context, id, key string) error {
	if err := provider.ValidateID(id); err != nil {
		return err
	}
	if key == "" {
		return errors.New("the key is empty")
	}
	redact.Register(key)
	_, err := s.call(ctx, func() (string, error) { return "", s.ring.Set(Service, id, key) })
	if err != nil {
		return fmt.Errorf("saving the %s key: %w", id, err)
	}
	s.mu.Lock()
	delete(s.session, id)
	s.mu.Unlock()
	return nil
}

// SetSessionOnly keeps key in memory for this process only.
func (s *Store) SetSessionOnly(id, key string) error {
	if err := provider.ValidateID(id); err != nil {
		return err
	}
	if key == "" {
		return errors.New("the key is empty")
	}
	redact.Register(key)
	s.mu.Lock()
	s.session[id] = key
	s.mu.Unlock()
	return nil
}

// Delete removes the provider's key from the keychain and from memory.
// Deleting a key that is not there is not an error.
func (s *Store) Delete(ctx context.Context, id string) error {
	if err := provider.ValidateID(id); err != nil {
		return err
	}
	s.mu.Lock()
	delete(s.session, id)
	s.mu.Unlock()
	_, err := s.call(ctx, func() (string, error) { return "", s.ring.Delete(Service, id) })
	if err != nil && !errors.Is(err, ErrNotFound) {
		return fmt.Errorf("deleting the %s key: %w", id, err)
	}
	return nil
}

// Resolve returns the key to use for provider id and where it came from:
// the keychain first, then a session-only key, then the environment. A
// keychain that cannot be reached is reported alongside any fallback found.
// The key joins the set every redactor removes.
func (s *Store) Resolve(ctx context.Context, id string) (string, Source, error) {
	key, src, err := s.resolve(ctx, id)
	redact.Register(key)
	return key, src, err
}

func (s *Store) resolve(ctx context.Context, id string) (string, Source, error) {
	key, err := s.call(ctx, func() (string, error) { return s.ring.Get(Service, id) })
	if err == nil && key != "" {
		return key, SourceKeychain, nil
	}
	var ringErr error
	if err != nil && !errors.Is(err, ErrNotFound) {
		ringErr = err
	}
	switch src := s.fallbackSource(id); src {
	case SourceSession:
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.session[id], src, nil
	case SourceEnv:
		info, _ := provider.Lookup(id)
		return s.getenv(info.KeyEnv), src, nil
	}
	return "", SourceNone, ringErr
}

// Status reports where provider id's key comes from, never the key itself.
func (s *Store) Status(ctx context.Context, id string) (Source, error) {
	_, src, err := s.Resolve(ctx, id)
	return src, err
}

// Values returns every key this store can currently see, so exports and logs
// can redact them, and registers them with package redact so every other
// output does too. Like Statuses it stops asking a keychain that failed:
// redaction also matches key-shaped patterns.
func (s *Store) Values(ctx context.Context, ids []string) []string {
	var out []string
	ringOK := true
	for _, id := range ids {
		if ringOK {
			key, err := s.call(ctx, func() (string, error) { return s.ring.Get(Service, id) })
			if err == nil && key != "" {
				out = append(out, key)
			}
			ringOK = err == nil || errors.Is(err, ErrNotFound)
		}
		switch s.fallbackSource(id) {
		case SourceSession:
			s.mu.Lock()
			out = append(out, s.session[id])
			s.mu.Unlock()
		case SourceEnv:
			info, _ := provider.Lookup(id)
			out = append(out, s.getenv(info.KeyEnv))
		}
	}
	redact.Register(out...)
	return out
}

// Statuses reports the key source of each provider. After the first keychain
// failure it stops asking the keychain (a locked one would cost a timeout per
// provider) and returns that failure with the remaining fallbacks.
func (s *Store) Statuses(ctx context.Context, ids []string) (map[string]Source, error) {
	out := make(map[string]Source, len(ids))
	var ringErr error
	for _, id := range ids {
		if ringErr == nil {
			key, err := s.call(ctx, func() (string, error) { return s.ring.Get(Service, id) })
			switch {
			case err == nil && key != "":
				out[id] = SourceKeychain
				continue
			case err != nil && !errors.Is(err, ErrNotFound):
				ringErr = err
			}
		}
		out[id] = s.fallbackSource(id)
	}
	return out, ringErr
}

func (s *Store) fallbackSource(id string) Source {
	s.mu.Lock()
	_, ok := s.session[id]
	s.mu.Unlock()
	if ok {
		return SourceSession
	}
	if info, ok := provider.Lookup(id); ok && info.KeyEnv != "" && s.getenv(info.KeyEnv) != "" {
		return SourceEnv
	}
	return SourceNone
}
