package secrets

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"

	"github.com/hearth-agent/hearth/agent/redact"
)

// serveTokenUser is the keychain entry of the token `hearth serve` asks of
// its clients; it is not a provider id, so no provider key can clash with it.
const serveTokenUser = "hearth-serve-api-token"

// ServeToken returns the bearer token of Hearth's API server, generating
// one and keeping it in the keychain the first time, so it stays the same
// across runs. It joins the set every redactor removes.
func (s *Store) ServeToken(ctx context.Context) (string, error) {
	tok, err := s.call(ctx, func() (string, error) { return s.ring.Get(Service, serveTokenUser) })
	if err == nil && tok != "" {
		redact.Register(tok)
		return tok, nil
	}
	if err != nil && !errors.Is(err, ErrNotFound) {
		return "", fmt.Errorf("reading the API token: %w", err)
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	tok = "hearth-" + base64.RawURLEncoding.EncodeToString(b)
	if _, err := s.call(ctx, func() (string, error) { return "", s.ring.Set(Service, serveTokenUser, tok) }); err != nil {
		return "", fmt.Errorf("saving the API token: %w", err)
	}
	redact.Register(tok)
	return tok, nil
}
