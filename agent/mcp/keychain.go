package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/hearth-agent/hearth/agent/mcp/config"
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

// SecretRef names a server's env value or header in the keychain.
func SecretRef(server, kind, key string) string { return "mcp." + server + "." + kind + "." + key }

// IsReference reports whether a config value names a secret kept
// elsewhere (${VAR}, ${keychain:…}) rather than holding one.
func IsReference(v string) bool { return strings.HasPrefix(v, "${") && strings.HasSuffix(v, "}") }

// MoveSecrets moves the literal env values and headers of server name in
// f into the keychain, leaving ${keychain:…} references in their place
// (Settings offers it for a server imported with secrets written in its
// file). It returns how many values moved; f is changed only if all did.
func MoveSecrets(ctx context.Context, store *secrets.Store, f *config.File, name string) (int, error) {
	s, ok := f.Servers[name]
	if !ok {
		return 0, fmt.Errorf("%w: %s", config.ErrNoServer, name)
	}
	moved := 0
	move := func(kind string, m map[string]string) (map[string]string, error) {
		out := maps.Clone(m)
		for k, v := range m {
			if v == "" || IsReference(v) {
				continue
			}
			ref := SecretRef(name, kind, k)
			if err := store.SetItem(ctx, ref, v); err != nil {
				return nil, err
			}
			out[k] = "${" + config.KeychainPrefix + ref + "}"
			moved++
		}
		return out, nil
	}
	var err error
	if s.Env, err = move("env", s.Env); err != nil {
		return 0, err
	}
	if s.Headers, err = move("header", s.Headers); err != nil {
		return 0, err
	}
	if moved == 0 {
		return 0, nil
	}
	return moved, f.Set(name, s)
}

// ForgetSecrets deletes what Hearth keeps in the keychain for server name
// (its sign-in and the values moved there from s); it goes on past a
// failure and returns them all.
func ForgetSecrets(ctx context.Context, store *secrets.Store, name string, s config.Server) error {
	refs := []string{TokenRef(name)}
	for _, m := range []map[string]string{s.Env, s.Headers} {
		for _, v := range m {
			if ref, ok := strings.CutPrefix(v, "${"+config.KeychainPrefix); ok && strings.HasSuffix(ref, "}") {
				refs = append(refs, strings.TrimSuffix(ref, "}"))
			}
		}
	}
	var errs []error
	for _, r := range refs {
		errs = append(errs, store.DeleteItem(ctx, r))
	}
	return errors.Join(errs...)
}
