package app

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/secrets"
)

// SecretMask stands in the edit form for a value Hearth keeps (in the
// keychain, or written in mcp.json by hand); sent back as it is, the kept
// value stays untouched.
const SecretMask = "••••••••"

// MCPServerConfig is one of the user's servers as the edit form shows it:
// its command, arguments and URL as written, env values and headers masked
// (a ${VAR} reference, which holds no secret, is shown as written).
func (a *App) MCPServerConfig(name string) (MCPServerForm, error) {
	_, _, s, err := a.userServer(name)
	if err != nil {
		return MCPServerForm{}, err
	}
	return MCPServerForm{Name: name, Transport: string(s.Kind()), Command: s.Command, Args: append([]string{}, s.Args...),
		Env: masked(s.Env), URL: s.URL, Headers: masked(s.Headers)}, nil
}

func masked(m map[string]string) []KeyValue {
	out := []KeyValue{}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		v := m[k]
		if v != "" && !envReference(v) {
			v = SecretMask
		}
		out = append(out, KeyValue{Key: k, Value: v})
	}
	return out
}

// envReference is a ${VAR} reference to the environment, not to the keychain.
func envReference(v string) bool {
	return mcp.IsReference(v) && !strings.HasPrefix(v, "${"+config.KeychainPrefix)
}

// EditMCPServer changes one of the user's servers in place and restarts
// it: a masked value left as it is keeps what was kept, a typed one goes
// to the keychain, a removed one leaves it. A new name moves the server
// (its kept values and sign-in follow it) unless the name is taken.
func (a *App) EditMCPServer(name string, form MCPServerForm) (MCPView, error) {
	path, f, old, err := a.userServer(name)
	if err != nil {
		return MCPView{}, err
	}
	newName, s, err := serverFromForm(form)
	if err != nil {
		return MCPView{}, err
	}
	renamed := newName != name
	if _, taken := f.Servers[newName]; renamed && taken {
		return MCPView{}, invalidf("name", fmt.Sprintf("a server named %s exists: choose another name", newName))
	}
	// What the form does not show stays as it was.
	s.Cwd, s.Disabled, s.Timeout, s.DisabledTools, s.OAuth = old.Cwd, old.Disabled, old.Timeout, old.DisabledTools, old.OAuth
	ctx, cancel := a.callCtx(keychainCallBudget)
	defer cancel()
	if err := a.keepMasked(ctx, "env", s.Env, old.Env, renamed); err != nil {
		return MCPView{}, err
	}
	if err := a.keepMasked(ctx, "headers", s.Headers, old.Headers, renamed); err != nil {
		return MCPView{}, err
	}
	if renamed {
		if err := f.Remove(name); err != nil {
			return MCPView{}, err
		}
	}
	if err := f.Set(newName, s); err != nil {
		return MCPView{}, invalidf("server", err.Error())
	}
	if err := a.moveSecrets(f, []string{newName}); err != nil {
		return MCPView{}, err
	}
	if err := config.Write(path, f); err != nil {
		return MCPView{}, err
	}
	a.forgetStale(ctx, name, newName, old, f.Servers[newName])
	if renamed {
		a.reloadAll()
	} else {
		a.reloadMCP(name)
	}
	return a.MCPServers()
}

// keepMasked puts the kept value back for every masked one in typed; when
// the server is renamed, a keychain value is read out so it moves under
// the new name.
func (a *App) keepMasked(ctx context.Context, field string, typed, old map[string]string, renamed bool) error {
	for k, v := range typed {
		if v != SecretMask {
			continue
		}
		was, ok := old[k]
		if !ok {
			return invalidf(field, fmt.Sprintf("type a value for %s (it is new, so nothing is kept for it)", k))
		}
		ref, inKeychain := keychainRef(was)
		if !renamed || !inKeychain {
			typed[k] = was
			continue
		}
		if a.deps.Secrets == nil {
			return errNoKeychain
		}
		val, err := a.deps.Secrets.Item(ctx, ref)
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
func (a *App) forgetStale(ctx context.Context, name, newName string, old, now config.Server) {
	if a.deps.Secrets == nil {
		return
	}
	var errs []error
	keep := keychainRefs(now)
	for ref := range keychainRefs(old) {
		if !keep[ref] {
			errs = append(errs, a.deps.Secrets.DeleteItem(ctx, ref))
		}
	}
	if name != newName {
		tok, err := a.deps.Secrets.Item(ctx, mcp.TokenRef(name))
		if err == nil {
			errs = append(errs, a.deps.Secrets.SetItem(ctx, mcp.TokenRef(newName), tok), a.deps.Secrets.DeleteItem(ctx, mcp.TokenRef(name)))
		} else if !errors.Is(err, secrets.ErrNotFound) {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		a.emit("notice", FormatError(err))
	}
}
