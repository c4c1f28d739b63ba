package app

import (
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/settings"
)

// MCPToolView is one tool of a server and whether the model is offered it.
type MCPToolView struct {
	Name        string `json:"name"`      // as the server names it
	ModelName   string `json:"modelName"` // as the model is offered it (mcp__server__tool): what read-only marks match
	Description string `json:"description"`
	Tokens      int    `json:"tokens"`
	Enabled     bool   `json:"enabled"`
}

// MCPServerView is one server as Settings shows it. It carries no env
// value or header: those may be secrets.
type MCPServerView struct {
	Name      string        `json:"name"`
	Scope     string        `json:"scope"`  // user or project
	Status    string        `json:"status"` // connected, connecting, failed, disabled, needs-auth, untrusted
	Transport string        `json:"transport"`
	Error     string        `json:"error"`
	Tools     []MCPToolView `json:"tools"`
	Tokens    int           `json:"tokens"` // what its enabled tools cost in the model's context
	Log       []string      `json:"log"`    // the last lines
}

// MCPView is Settings → MCP: every server and the token budget.
type MCPView struct {
	Servers []MCPServerView `json:"servers"`
	Tokens  int             `json:"tokens"` // all servers' tool definitions
	// BudgetPercent is the share of the model's context window the tool
	// definitions may take before they are deferred behind mcp_search.
	BudgetPercent int `json:"budgetPercent"`
}

// KeyValue is one env variable or header the person typed; its value goes
// to the keychain, never back to the frontend.
type KeyValue struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// MCPServerForm is a server added in Settings: a command (stdio) or a URL
// (http or sse).
type MCPServerForm struct {
	Name      string     `json:"name"`
	Transport string     `json:"transport"` // stdio, http or sse
	Command   string     `json:"command"`
	Args      []string   `json:"args"`
	Env       []KeyValue `json:"env"`
	URL       string     `json:"url"`
	Headers   []KeyValue `json:"headers"`
}

// logLines is how many of a server's log lines the list carries.
const logLines = 20

// mcpManager is the running servers, started for the open workspace (or
// none) if nothing runs yet.
func (a *App) mcpManager() *mcp.Manager {
	p := a.project()
	if m := p.MCP(); m != nil {
		return m
	}
	a.startMCP(p)
	return p.MCP()
}

// MCPServers lists the servers with their status, tools and token cost.
func (a *MCP) MCPServers() (MCPView, error) {
	f, err := a.userMCPFile()
	if err != nil {
		return MCPView{}, err
	}
	v := MCPView{Servers: []MCPServerView{}, BudgetPercent: int(mcp.DefaultBudget * 100)}
	if p := a.deps.Settings.Get().MCPBudgetPercent; p > 0 {
		v.BudgetPercent = p
	}
	for _, s := range a.mcpManager().Servers() {
		sv := MCPServerView{Name: s.Name, Scope: string(s.Scope), Status: string(s.Status), Transport: string(s.Transport),
			Error: s.Error, Tools: []MCPToolView{}, Tokens: s.Tokens, Log: tail(s.Log, logLines)}
		for _, t := range s.Tools {
			sv.Tools = append(sv.Tools, MCPToolView{Name: t.Tool, ModelName: t.Name, Description: t.Description, Tokens: t.Tokens, Enabled: true})
		}
		// Tools turned off are not listed by the server any more; show them
		// from the file so they can be turned back on.
		if c, ok := f.Servers[s.Name]; ok && s.Scope == config.ScopeUser {
			for _, off := range c.DisabledTools {
				sv.Tools = append(sv.Tools, MCPToolView{Name: off, ModelName: mcp.ToolName(s.Name, off), Enabled: false})
			}
		}
		v.Tokens += s.Tokens
		v.Servers = append(v.Servers, sv)
	}
	return v, nil
}

func tail(lines []string, n int) []string {
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return append([]string{}, lines...)
}

func (a *App) userMCPPath() (string, error) { return config.UserPath(a.mcpDir()) }

func (a *App) userMCPFile() (*config.File, error) {
	path, err := a.userMCPPath()
	if err != nil {
		return nil, err
	}
	return config.Read(path)
}

// userFile is the user's mcp.json with the keychain its secrets go to.
func (a *App) userFile() (mcp.UserFile, error) {
	path, err := a.userMCPPath()
	if err != nil {
		return mcp.UserFile{}, err
	}
	return mcp.UserFile{Path: path, Secrets: a.deps.Secrets}, nil
}

// editUserServer changes server name in the user's mcp.json and restarts
// it with its new configuration.
func (a *App) editUserServer(name string, edit func(*config.Server)) (MCPView, error) {
	u, err := a.userFile()
	if err != nil {
		return MCPView{}, err
	}
	f, s, err := u.Server(name)
	if err != nil {
		return MCPView{}, err
	}
	edit(&s)
	if err := f.Set(name, s); err != nil {
		return MCPView{}, err
	}
	if err := config.Write(u.Path, f); err != nil {
		return MCPView{}, err
	}
	a.reloadMCP(name)
	return a.h.MCP.MCPServers()
}

// reloadMCP starts the named servers again as the files configure them
// now, leaving the others running.
func (a *App) reloadMCP(names ...string) {
	entries, err := a.project().MCPEntries()
	if err != nil {
		a.emit("notice", FormatError(err))
		return
	}
	m := a.mcpManager()
	for _, e := range entries {
		if slices.Contains(names, e.Name) {
			m.Start(e)
		}
	}
}

// SetMCPServerEnabled turns a server on or off; for one of the user's
// servers the choice is kept in mcp.json, for a project's it lasts the
// session.
func (a *MCP) SetMCPServerEnabled(name string, enabled bool) (MCPView, error) {
	if a.serverScope(name) == config.ScopeProject {
		m := a.mcpManager()
		var err error
		if enabled {
			err = m.Restart(name)
		} else {
			err = m.Disable(name)
		}
		if err != nil {
			return MCPView{}, err
		}
		return a.MCPServers()
	}
	return a.editUserServer(name, func(s *config.Server) { s.Disabled = !enabled })
}

// SetMCPToolEnabled offers one tool of a user's server to the model or
// not (mcp.json's disabledTools).
func (a *MCP) SetMCPToolEnabled(name, tool string, enabled bool) (MCPView, error) {
	if strings.TrimSpace(tool) == "" {
		return MCPView{}, invalidf("tool", "name a tool")
	}
	return a.editUserServer(name, func(s *config.Server) {
		s.DisabledTools = slices.DeleteFunc(s.DisabledTools, func(t string) bool { return t == tool })
		if !enabled {
			s.DisabledTools = append(s.DisabledTools, tool)
		}
		if len(s.DisabledTools) == 0 {
			s.DisabledTools = nil
		}
	})
}

// RestartMCPServer connects a server again (a failed one, or to pick up a
// change the server made).
func (a *MCP) RestartMCPServer(name string) (MCPView, error) {
	if err := a.mcpManager().Restart(name); err != nil {
		return MCPView{}, err
	}
	return a.MCPServers()
}

// MCPServerLog is all a server's kept log lines.
func (a *MCP) MCPServerLog(name string) ([]string, error) {
	lines, err := a.mcpManager().Log(name, 0)
	if err != nil {
		return nil, err
	}
	return append([]string{}, lines...), nil
}

// SignInMCPServer connects a server that asks to sign in, opening its
// sign-in page in the system browser; the status event says when it is
// connected.
func (a *MCP) SignInMCPServer(name string) (MCPView, error) {
	a.mcp.mu.Lock()
	if a.mcp.signingIn == nil {
		a.mcp.signingIn = map[string]bool{}
	}
	a.mcp.signingIn[name] = true
	a.mcp.mu.Unlock()
	return a.RestartMCPServer(name)
}

func (a *App) serverScope(name string) config.Scope {
	for _, s := range a.mcpManager().Servers() {
		if s.Name == name {
			return s.Scope
		}
	}
	return config.ScopeUser
}

// SetMCPBudget sets the share of the model's context window (1–100 %) MCP
// tool definitions may take before they are deferred behind mcp_search.
func (a *MCP) SetMCPBudget(percent int) (MCPView, error) {
	if percent < 1 || percent > 100 {
		return MCPView{}, invalidf("budgetPercent", "give a share of the context window between 1 and 100 %")
	}
	if _, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		s.MCPBudgetPercent = percent
		return nil
	}); err != nil {
		return MCPView{}, viewErr(err)
	}
	return a.MCPServers()
}
