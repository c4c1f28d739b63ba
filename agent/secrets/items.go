package secrets

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hearth-agent/hearth/agent/redact"
)

// ItemPrefix starts the account of every secret that is not a provider
// key (an MCP server's env value or header: "item:mcp.github.env.TOKEN"),
// so the two never collide.
const ItemPrefix = "item:"

func itemAccount(name string) (string, error) {
	if name == "" || strings.ContainsAny(name, "\x00\n") {
		return "", fmt.Errorf("secret name %q is not valid", name)
	}
	return ItemPrefix + name, nil
}

// SetItem stores a named secret in the keychain; it joins the set every
// redactor removes.
func (s *Store) SetItem(ctx context.Context, name, value string) error {
	acct, err := itemAccount(name)
	if err != nil {
		return err
	}
	if value == "" {
		return fmt.Errorf("secret %s is empty", name)
	}
	redact.Register(value)
	if _, err := s.call(ctx, func() (string, error) { return "", s.ring.Set(Service, acct, value) }); err != nil {
		return fmt.Errorf("saving secret %s: %w", name, err)
	}
	return nil
}

// Item reads a named secret; a missing one is ErrNotFound. The value joins
// the set every redactor removes.
func (s *Store) Item(ctx context.Context, name string) (string, error) {
	acct, err := itemAccount(name)
	if err != nil {
		return "", err
	}
	v, err := s.call(ctx, func() (string, error) { return s.ring.Get(Service, acct) })
	if err != nil {
		return "", fmt.Errorf("reading secret %s: %w", name, err)
	}
	redact.Register(v)
	return v, nil
}

// DeleteItem removes a named secret; one that is not there is no error.
func (s *Store) DeleteItem(ctx context.Context, name string) error {
	acct, err := itemAccount(name)
	if err != nil {
		return err
	}
	_, err = s.call(ctx, func() (string, error) { return "", s.ring.Delete(Service, acct) })
	if err != nil && !errors.Is(err, ErrNotFound) {
		return fmt.Errorf("deleting secret %s: %w", name, err)
	}
	return nil
}
