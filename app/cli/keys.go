package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/web"
	"golang.org/x/term"
)

func runKeys(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "keys", "keys set PROVIDER | keys delete PROVIDER | keys list\n\n"+
		"'set' reads the key from standard input (not echoed on a terminal).\n"+
		"The Brave Search API key for web_search is set as: keys set "+web.BraveKeyName+".")
	if code, ok := parseFlags(fs, env, args); !ok {
		return code
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return usageErr(env, fs, "missing subcommand")
	}
	switch sub := rest[0]; {
	case sub == "list" && len(rest) == 1:
		return keysList(ctx, env)
	case (sub == "set" || sub == "delete") && len(rest) == 2 && rest[1] == web.BraveKeyName:
		return keysSecret(ctx, env, sub, rest[1])
	case (sub == "set" || sub == "delete") && len(rest) == 2:
		id := rest[1]
		if err := provider.ValidateID(id); err != nil {
			return usageErr(env, fs, "%v", err)
		}
		if sub == "delete" {
			if err := env.Secrets.Delete(ctx, id); err != nil {
				return failure(env, "keys", err)
			}
			fmt.Fprintf(env.Stdout, "deleted the %s key\n", id)
			return ExitOK
		}
		return keysSet(ctx, env, id)
	default:
		return usageErr(env, fs, "unexpected arguments: %s", strings.Join(rest, " "))
	}
}

func keysSet(ctx context.Context, env *Env, id string) int {
	key, err := readSecret(env)
	if err != nil {
		return failure(env, "keys", fmt.Errorf("reading the key: %w", err))
	}
	if key == "" {
		return failure(env, "keys", fmt.Errorf("no key on standard input"))
	}
	if err := env.Secrets.Set(ctx, id, key); err != nil {
		return failure(env, "keys", err)
	}
	fmt.Fprintf(env.Stdout, "saved the %s key in the keychain\n", id)
	return ExitOK
}

// keysSecret sets or deletes a named keychain secret that is not a
// provider's key (the web search API's).
func keysSecret(ctx context.Context, env *Env, sub, name string) int {
	if sub == "delete" {
		if err := env.Secrets.DeleteItem(ctx, name); err != nil {
			return failure(env, "keys", err)
		}
		fmt.Fprintf(env.Stdout, "deleted %s\n", name)
		return ExitOK
	}
	key, err := readSecret(env)
	if err != nil {
		return failure(env, "keys", fmt.Errorf("reading the key: %w", err))
	}
	if key == "" {
		return failure(env, "keys", fmt.Errorf("no key on standard input"))
	}
	if err := env.Secrets.SetItem(ctx, name, key); err != nil {
		return failure(env, "keys", err)
	}
	fmt.Fprintf(env.Stdout, "saved %s in the keychain\n", name)
	return ExitOK
}

// readSecret reads one key from stdin, without echo when stdin is a terminal.
func readSecret(env *Env) (string, error) {
	if f, ok := env.Stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(env.Stderr, "Key: ")
		b, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(env.Stderr)
		return strings.TrimSpace(string(b)), err
	}
	b, err := io.ReadAll(bufio.NewReader(io.LimitReader(env.Stdin, 64<<10)))
	return strings.TrimSpace(string(b)), err
}

func keysList(ctx context.Context, env *Env) int {
	var ids []string
	for _, p := range provider.Builtins() {
		if p.ID != provider.OpenAICompatible {
			ids = append(ids, p.ID)
		}
	}
	sources, err := env.Secrets.Statuses(ctx, ids)
	for _, id := range ids {
		fmt.Fprintf(env.Stdout, "%s\t%s\n", id, sources[id])
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "hearth keys: warning: %v\n", err)
	}
	return ExitOK
}
