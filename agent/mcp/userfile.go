package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/hearth-agent/hearth/agent/settings"
)

// SecretMask stands in an edit form for a value Hearth keeps (in the
// keychain, or written in mcp.json by hand); given back as it is, the
// kept value stays untouched.
const SecretMask = "••••••••"

// ErrNoKeychain refuses to keep a server's secret without a keychain:
// Hearth never writes one into mcp.json.
var ErrNoKeychain = errors.New("no keychain: Hearth keeps server secrets only in the OS keychain")

// UserFile is the person's own mcp.json, edited so that the servers'
// literal secrets live in the keychain, never in the file.
type UserFile struct {
	Path    string
	Secrets *secrets.Store // nil: no keychain
}

// Server reads the file and one of its servers; a name it lacks is the
// person's input error.
func (u UserFile) Server(name string) (*config.File, config.Server, error) {
	f, err := config.Read(u.Path)
	if err != nil {
		return nil, config.Server{}, err
	}
	s, ok := f.Servers[name]
	if !ok {
		return nil, config.Server{}, invalid("mcp", fmt.Sprintf("%s is not one of your servers (a project's servers are edited in its .mcp.json)", name))
	}
	return f, s, nil
}

// Add copies the named servers of from into the file, refusing a name it
// has; with move, their literal secrets go to the keychain first.
func (u UserFile) Add(ctx context.Context, from *config.File, names []string, move bool) error {
	f, err := config.Read(u.Path)
	if err != nil {
		return err
	}
	for _, n := range names {
		if _, taken := f.Servers[n]; taken {
			return invalid("name", fmt.Sprintf("a server named %s exists; remove it first", n))
		}
	}
	if err := config.Import(f, config.Found{App: "Settings", Servers: from.Servers}, names...); err != nil {
		return err
	}
	if move {
		if err := u.moveSecrets(ctx, f, names); err != nil {
			return err
		}
	}
	return config.Write(u.Path, f)
}

// Edit changes server name in place as s: a masked value keeps what was
// kept, a typed one goes to the keychain, a removed one is forgotten. A
// new name moves the server, its kept values and its sign-in. What the
// form does not show (cwd, timeout, disabled tools, OAuth) stays. The
// notice reports keychain clean-up that failed after the file was saved.
func (u UserFile) Edit(ctx context.Context, name, newName string, s config.Server) (notice error, err error) {
	f, old, err := u.Server(name)
	if err != nil {
		return nil, err
	}
	renamed := newName != name
	if _, taken := f.Servers[newName]; renamed && taken {
		return nil, invalid("name", fmt.Sprintf("a server named %s exists: choose another name", newName))
	}
	s.Cwd, s.Disabled, s.Timeout, s.DisabledTools, s.OAuth = old.Cwd, old.Disabled, old.Timeout, old.DisabledTools, old.OAuth
	if err := u.keepMasked(ctx, "env", s.Env, old.Env, renamed); err != nil {
		return nil, err
	}
	if err := u.keepMasked(ctx, "headers", s.Headers, old.Headers, renamed); err != nil {
		return nil, err
	}
	if renamed {
		if err := f.Remove(name); err != nil {
			return nil, err
		}
	}
	if err := f.Set(newName, s); err != nil {
		return nil, invalid("server", err.Error())
	}
	if err := u.moveSecrets(ctx, f, []string{newName}); err != nil {
		return nil, err
	}
	if err := config.Write(u.Path, f); err != nil {
		return nil, err
	}
	return u.forgetStale(ctx, name, newName, old, f.Servers[newName]), nil
}

// Remove deletes server name and forgets what Hearth kept for it (its
// secrets and sign-in); notice reports a keychain failure after the file
// was saved.
func (u UserFile) Remove(ctx context.Context, name string) (notice error, err error) {
	f, s, err := u.Server(name)
	if err != nil {
		return nil, err
	}
	if err := f.Remove(name); err != nil {
		return nil, err
	}
	if err := config.Write(u.Path, f); err != nil {
		return nil, err
	}
	if u.Secrets == nil {
		return nil, nil
	}
	return ForgetSecrets(ctx, u.Secrets, name, s), nil
}

// Literals counts a server's env values and headers written as they are
// (not ${…} references): the secrets that would have to move.
func Literals(s config.Server) int {
	n := 0
	for _, m := range []map[string]string{s.Env, s.Headers} {
		for _, v := range m {
			if v != "" && !IsReference(v) {
				n++
			}
		}
	}
	return n
}

// IsEnvReference reports whether v is a ${VAR} reference to the
// environment, not to the keychain: it holds no secret.
func IsEnvReference(v string) bool {
	return IsReference(v) && !strings.HasPrefix(v, "${"+config.KeychainPrefix)
}

func (u UserFile) moveSecrets(ctx context.Context, f *config.File, names []string) error {
	for _, n := range names {
		if Literals(f.Servers[n]) == 0 {
			continue
		}
		if u.Secrets == nil {
			return ErrNoKeychain
		}
		if _, err := MoveSecrets(ctx, u.Secrets, f, n); err != nil {
			return fmt.Errorf("%w (Hearth does not write secrets into %s)", err, config.UserFileName)
		}
	}
	return nil
}

// keepMasked puts the kept value back for every masked one in typed; when
// the server is renamed, a keychain value is read out so it moves under
// the new name.
func (u UserFile) keepMasked(ctx context.Context, field string, typed, old map[string]string, renamed bool) error {
	for k, v := range typed {
		if v != SecretMask {
			continue
		}
		was, ok := old[k]
		if !ok {
			return invalid(field, fmt.Sprintf("type a value for %s (it is new, so nothing is kept for it)", k))
		}
		ref, inKeychain := keychainRef(was)
		if !renamed || !inKeychain {
			typed[k] = was
			continue
		}
		if u.Secrets == nil {
			return ErrNoKeychain
		}
		val, err := u.Secrets.Item(ctx, ref)
		if err != nil {
			return fmt.Errorf("reading the kept value of %s to move it: %w", k, err)
		}
		typed[k] = val
	}
	return nil
}

func keychainRef(v string) (string, bool) {
	ref, ok := strings.CutPrefix(v, "${"+config.KeychainPrefix)
	if !ok || !strings.HasSuffix(ref, "}") {
		return "", false
	}
	return strings.TrimSuffix(ref, "}"), true
}

func keychainRefs(s config.Server) map[string]bool {
	refs := map[string]bool{}
	for _, m := range []map[string]string{s.Env, s.Headers} {
		for _, v := range m {
			if ref, ok := keychainRef(v); ok {
				refs[ref] = true
			}
		}
	}
	return refs
}

// forgetStale deletes the keychain values the edited server no longer
// refers to, and moves its sign-in to a new name.
func (u UserFile) forgetStale(ctx context.Context, name, newName string, old, now config.Server) error {
	if u.Secrets == nil {
		return nil
	}
	var errs []error
	keep := keychainRefs(now)
	for ref := range keychainRefs(old) {
		if !keep[ref] {
			errs = append(errs, u.Secrets.DeleteItem(ctx, ref))
		}
	}
	if name != newName {
		tok, err := u.Secrets.Item(ctx, TokenRef(name))
		if err == nil {
			errs = append(errs, u.Secrets.SetItem(ctx, TokenRef(newName), tok), u.Secrets.DeleteItem(ctx, TokenRef(name)))
		} else if !errors.Is(err, secrets.ErrNotFound) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// invalid is the person's input error, shown at the field it names.
func invalid(field, reason string) error {
	return &settings.ValidationError{Field: field, Reason: reason}
}
