package app

import (
	"fmt"
	"strings"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// AddMCPServer adds a server to the user's mcp.json; its env values and
// headers go to the keychain and the file keeps references to them.
func (a *App) AddMCPServer(form MCPServerForm) (MCPView, error) {
	name, s, err := serverFromForm(form)
	if err != nil {
		return MCPView{}, err
	}
	f := &config.File{Servers: map[string]config.Server{name: s}}
	return a.addServers(f, []string{name}, true)
}

// serverFromForm reads a server from the form, its values as typed.
func serverFromForm(form MCPServerForm) (string, config.Server, error) {
	name := strings.TrimSpace(form.Name)
	if err := config.ValidateName(name); err != nil {
		return "", config.Server{}, invalidf("name", err.Error())
	}
	s := config.Server{Env: pairs(form.Env), Headers: pairs(form.Headers)}
	switch config.Transport(form.Transport) {
	case config.Stdio, "":
		if len(s.Headers) > 0 {
			return "", config.Server{}, invalidf("headers", "headers are for http and sse servers")
		}
		s.Command, s.Args = strings.TrimSpace(form.Command), form.Args
	case config.HTTP, config.SSE:
		if len(s.Env) > 0 {
			return "", config.Server{}, invalidf("env", "environment variables are for stdio servers")
		}
		s.Type, s.URL = config.Transport(form.Transport), strings.TrimSpace(form.URL)
	default:
		return "", config.Server{}, invalidf("transport", fmt.Sprintf("transport must be stdio, http or sse, not %q", form.Transport))
	}
	if err := s.Validate(name); err != nil {
		return "", config.Server{}, invalidf("server", err.Error())
	}
	return name, s, nil
}

// pairs is the form's key-value rows as a map; blank rows are dropped.
func pairs(kv []KeyValue) map[string]string {
	var out map[string]string
	for _, p := range kv {
		if k := strings.TrimSpace(p.Key); k != "" {
			if out == nil {
				out = map[string]string{}
			}
			out[k] = strings.TrimSpace(p.Value)
		}
	}
	return out
}

// AddMCPServersJSON adds the servers of pasted JSON in the mcpServers
// format ({"mcpServers": {NAME: {...}}}, or the inner {NAME: {...}}),
// moving their literal secrets into the keychain.
func (a *App) AddMCPServersJSON(text string) (MCPView, error) {
	f, err := config.Parse([]byte(text))
	if err == nil && len(f.Servers) == 0 {
		f, err = config.Parse([]byte(`{"mcpServers":` + text + `}`))
	}
	if err != nil {
		return MCPView{}, invalidf("json", err.Error())
	}
	if len(f.Servers) == 0 {
		return MCPView{}, invalidf("json", `no servers: paste {"mcpServers": {"NAME": {"command": …}}}`)
	}
	return a.addServers(f, f.Names(), true)
}

// addServers copies the named servers of from into the user's mcp.json,
// refusing a name it has, and moves literal secrets into the keychain
// first when move is set, so none is ever written to the file.
func (a *App) addServers(from *config.File, names []string, move bool) (MCPView, error) {
	path, err := a.userMCPPath()
	if err != nil {
		return MCPView{}, err
	}
	f, err := config.Read(path)
	if err != nil {
		return MCPView{}, err
	}
	for _, n := range names {
		if _, taken := f.Servers[n]; taken {
			return MCPView{}, invalidf("name", fmt.Sprintf("a server named %s exists; remove it first", n))
		}
	}
	if err := config.Import(f, config.Found{App: "Settings", Servers: from.Servers}, names...); err != nil {
		return MCPView{}, err
	}
	if move {
		if err := a.moveSecrets(f, names); err != nil {
			return MCPView{}, err
		}
	}
	if err := config.Write(path, f); err != nil {
		return MCPView{}, err
	}
	a.reloadMCP(names...)
	return a.MCPServers()
}

// moveSecrets moves the named servers' literal env values and headers
// into the keychain (mcp.MoveSecrets, as `hearth mcp add` keeps them).
func (a *App) moveSecrets(f *config.File, names []string) error {
	ctx, cancel := a.callCtx(keychainCallBudget)
	defer cancel()
	for _, n := range names {
		s := f.Servers[n]
		if !hasLiteral(s) {
			continue
		}
		if a.deps.Secrets == nil {
			return errNoKeychain
		}
		if _, err := mcp.MoveSecrets(ctx, a.deps.Secrets, f, n); err != nil {
			return fmt.Errorf("%w (Hearth does not write secrets into %s)", err, config.UserFileName)
		}
	}
	return nil
}

func hasLiteral(s config.Server) bool { return literals(s) > 0 }

// RemoveMCPServer removes one of the user's servers, ends it and forgets
// what Hearth kept for it in the keychain (its sign-in and secrets).
func (a *App) RemoveMCPServer(name string) (MCPView, error) {
	path, f, s, err := a.userServer(name)
	if err != nil {
		return MCPView{}, err
	}
	if err := f.Remove(name); err != nil {
		return MCPView{}, err
	}
	if err := config.Write(path, f); err != nil {
		return MCPView{}, err
	}
	a.forgetSecrets(name, s)
	a.reloadAll()
	return a.MCPServers()
}

// reloadAll starts every server again from the files (a removed one ends).
func (a *App) reloadAll() { a.restartMCP(a.conv.Workspace()) }

func (a *App) forgetSecrets(name string, s config.Server) {
	if a.deps.Secrets == nil {
		return
	}
	ctx, cancel := a.callCtx(keychainCallBudget)
	defer cancel()
	if err := mcp.ForgetSecrets(ctx, a.deps.Secrets, name, s); err != nil {
		a.emit("notice", FormatError(err))
	}
}
