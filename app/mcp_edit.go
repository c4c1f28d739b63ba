package app

import (
	"fmt"
	"strings"

	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// AddMCPServer adds a server to the user's mcp.json; its env values and
// headers go to the keychain and the file keeps references to them.
func (a *MCP) AddMCPServer(form MCPServerForm) (MCPView, error) {
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
func (a *MCP) AddMCPServersJSON(text string) (MCPView, error) {
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
	u, err := a.userFile()
	if err != nil {
		return MCPView{}, err
	}
	ctx, cancel := a.callCtx(keychainCallBudget)
	defer cancel()
	if err := u.Add(ctx, from, names, move); err != nil {
		return MCPView{}, err
	}
	a.reloadMCP(names...)
	return a.h.MCP.MCPServers()
}

// RemoveMCPServer removes one of the user's servers, ends it and forgets
// what Hearth kept for it in the keychain (its sign-in and secrets).
func (a *MCP) RemoveMCPServer(name string) (MCPView, error) {
	u, err := a.userFile()
	if err != nil {
		return MCPView{}, err
	}
	ctx, cancel := a.callCtx(keychainCallBudget)
	defer cancel()
	notice, err := u.Remove(ctx, name)
	if err != nil {
		return MCPView{}, err
	}
	if notice != nil {
		a.emit("notice", FormatError(notice))
	}
	a.reloadAll()
	return a.MCPServers()
}

// reloadAll starts every server again from the files (a removed one ends).
func (a *App) reloadAll() { a.startMCP(a.project()) }
