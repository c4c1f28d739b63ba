package config

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// KeychainPrefix marks a reference to a secret Hearth keeps in the OS
// keychain: "${keychain:REF}" in any string field is that secret.
const KeychainPrefix = "keychain:"

// Resolver finds a keychain reference's secret.
type Resolver func(ctx context.Context, ref string) (string, error)

// Env is what expansion reads.
type Env struct {
	Getenv   func(string) string
	Keychain Resolver // nil: a ${keychain:…} reference is an error
	// Refuse, when set, may refuse a variable by name and value before it
	// is expanded (a project file naming one of Hearth's secrets).
	Refuse func(name, value string) error
}

var varPattern = regexp.MustCompile(`\$\{([^}]*)\}`)

// MissingError names a ${VAR} that is not set and has no default.
type MissingError struct{ Server, Var string }

func (e *MissingError) Error() string {
	return fmt.Sprintf("server %s: ${%s} is not set (set it or write ${%s:-default})", e.Server, e.Var, e.Var)
}

// Expand replaces ${VAR}, ${VAR:-default} and ${keychain:REF} in every
// string of s. Secrets lists the values that must never be shown: every
// env and header value and every keychain secret.
func (s Server) Expand(ctx context.Context, name string, env Env) (out Server, secrets []string, err error) {
	x := expander{ctx: ctx, name: name, env: env}
	out = s
	out.Command = x.str(s.Command)
	out.Cwd = x.str(s.Cwd)
	out.URL = x.str(s.URL)
	out.Args = make([]string, len(s.Args))
	for i, a := range s.Args {
		out.Args[i] = x.str(a)
	}
	out.Env = x.values(s.Env, &secrets)
	out.Headers = x.values(s.Headers, &secrets)
	if s.OAuth != nil {
		o := *s.OAuth
		o.ClientID = x.str(o.ClientID)
		o.ClientSecret = x.str(o.ClientSecret)
		secrets = append(secrets, o.ClientSecret)
		out.OAuth = &o
	}
	if x.err != nil {
		return Server{}, nil, x.err
	}
	return out, append(secrets, x.secrets...), nil
}

type expander struct {
	ctx     context.Context
	name    string
	env     Env
	err     error
	secrets []string
}

func (x *expander) values(m map[string]string, secrets *[]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		v := x.str(m[k])
		out[k] = v
		*secrets = append(*secrets, v)
	}
	return out
}

func (x *expander) str(s string) string {
	if !strings.Contains(s, "${") {
		return s
	}
	return varPattern.ReplaceAllStringFunc(s, func(m string) string {
		if x.err != nil {
			return ""
		}
		inner := m[2 : len(m)-1]
		if ref, ok := strings.CutPrefix(inner, KeychainPrefix); ok {
			if x.env.Keychain == nil {
				x.err = fmt.Errorf("server %s: ${%s} names a keychain secret and no keychain is available", x.name, inner)
				return ""
			}
			v, err := x.env.Keychain(x.ctx, ref)
			if err != nil {
				x.err = fmt.Errorf("server %s: keychain secret %s: %w", x.name, ref, err)
				return ""
			}
			x.secrets = append(x.secrets, v)
			return v
		}
		name, def, hasDef := strings.Cut(inner, ":-")
		v := ""
		if x.env.Getenv != nil {
			v = x.env.Getenv(name)
		}
		if v != "" && x.env.Refuse != nil {
			if err := x.env.Refuse(name, v); err != nil {
				x.err = fmt.Errorf("server %s: ${%s}: %w", x.name, name, err)
				return ""
			}
		}
		if v == "" && hasDef {
			return def
		}
		if v == "" {
			x.err = &MissingError{Server: x.name, Var: name}
		}
		return v
	})
}
