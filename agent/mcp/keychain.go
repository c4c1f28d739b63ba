package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hearth-agent/hearth/agent/secrets"
)

// KeychainTokens keeps sign-ins in the OS keychain, one item per server
// (TokenRef), never in a file.
type KeychainTokens struct{ Store *secrets.Store }

var _ TokenStore = KeychainTokens{}

// TokenRef names a server's sign-in in the keychain.
func TokenRef(server string) string { return "mcp." + server + ".oauth" }

// LoadToken reads a server's sign-in; none is nil, nil.
func (k KeychainTokens) LoadToken(ctx context.Context, server string) (*SavedToken, error) {
	v, err := k.Store.Item(ctx, TokenRef(server))
	if errors.Is(err, secrets.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var t SavedToken
	if err := json.Unmarshal([]byte(v), &t); err != nil {
		return nil, fmt.Errorf("the kept sign-in of %s is unreadable: %w", server, err)
	}
	return &t, nil
}

// SaveToken keeps a server's sign-in.
func (k KeychainTokens) SaveToken(ctx context.Context, server string, t *SavedToken) error {
	b, err := json.Marshal(t)
	if err != nil {
		return err
	}
	return k.Store.SetItem(ctx, TokenRef(server), string(b))
}
