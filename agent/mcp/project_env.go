package mcp

import (
	"errors"

	"github.com/hearth-agent/hearth/agent/childenv"
	"github.com/hearth-agent/hearth/agent/redact"
)

// ErrHearthSecret refuses a project file's ${VAR} that would hand one of
// Hearth's own secrets (a provider key, a serve token, a keychain secret)
// to the project's server, trusted or not.
var ErrHearthSecret = errors.New("holds one of Hearth's secrets, which a project's .mcp.json may never read; add the server to your own mcp.json to give it one")

// refuseHearthSecret is a project server's Env.Refuse: by name for what no
// child may see (provider keys, other LLM credentials, HEARTH_*), by value
// for any secret Hearth has learnt (keychain keys, other servers' secrets).
func refuseHearthSecret(name, value string) error {
	if childenv.Withheld(name) || redact.Holds(value) {
		return ErrHearthSecret
	}
	return nil
}
