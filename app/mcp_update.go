package app

import (
	"maps"
	"slices"

	"github.com/hearth-agent/hearth/agent/mcp"
)

// MCPServerConfig is one of the user's servers as the edit form shows it:
// its command, arguments and URL as written, env values and headers masked
// (a ${VAR} reference, which holds no secret, is shown as written).
func (a *MCP) MCPServerConfig(name string) (MCPServerForm, error) {
	u, err := a.userFile()
	if err != nil {
		return MCPServerForm{}, err
	}
	_, s, err := u.Server(name)
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
		if v != "" && !mcp.IsEnvReference(v) {
			v = mcp.SecretMask
		}
		out = append(out, KeyValue{Key: k, Value: v})
	}
	return out
}

// EditMCPServer changes one of the user's servers in place and restarts
// it (see mcp.UserFile.Edit); a new name moves it unless the name is taken.
func (a *MCP) EditMCPServer(name string, form MCPServerForm) (MCPView, error) {
	newName, s, err := serverFromForm(form)
	if err != nil {
		return MCPView{}, err
	}
	u, err := a.userFile()
	if err != nil {
		return MCPView{}, err
	}
	ctx, cancel := a.callCtx(keychainCallBudget)
	defer cancel()
	notice, err := u.Edit(ctx, name, newName, s)
	if err != nil {
		return MCPView{}, err
	}
	if notice != nil {
		a.emit("notice", FormatError(notice))
	}
	if newName != name {
		a.reloadAll()
	} else {
		a.reloadMCP(name)
	}
	return a.MCPServers()
}
