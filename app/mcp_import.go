package app

import (
	"fmt"
	"net/url"
	"path/filepath"
	"slices"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// MCPFoundServerView is one server another app has, as offered for import.
// It shows no env value, header, argument or URL query: they may be secrets.
type MCPFoundServerView struct {
	Name      string `json:"name"`
	Transport string `json:"transport"`
	// Runs is the command's base name or the URL's host.
	Runs string `json:"runs"`
	// Secrets counts the values written literally in the other app's file
	// (Settings offers to move them into the keychain).
	Secrets int  `json:"secrets"`
	Exists  bool `json:"exists"` // the user has a server of that name
}

// MCPFoundView is one other app's MCP configuration on this machine.
type MCPFoundView struct {
	App     string               `json:"app"`
	Path    string               `json:"path"`
	Servers []MCPFoundServerView `json:"servers"`
}

func (a *App) discoverMCP() ([]config.Found, error) {
	places := a.mcp.places
	if places == nil {
		places = config.DefaultPlaces
	}
	return config.Discover(places(a.workspace()))
}

// MCPImportCandidates lists the MCP servers of Claude Desktop, Claude Code,
// Cursor and VS Code found on this machine; nothing is imported yet.
func (a *MCP) MCPImportCandidates() ([]MCPFoundView, error) {
	found, err := a.discoverMCP()
	if err != nil && len(found) == 0 {
		return nil, err
	}
	if err != nil {
		a.emit("notice", FormatError(err))
	}
	mine, ferr := a.userMCPFile()
	if ferr != nil {
		return nil, ferr
	}
	out := []MCPFoundView{}
	for _, f := range found {
		v := MCPFoundView{App: f.App, Path: f.Path, Servers: []MCPFoundServerView{}}
		names := make([]string, 0, len(f.Servers))
		for n := range f.Servers {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			s := f.Servers[n]
			_, exists := mine.Servers[n]
			v.Servers = append(v.Servers, MCPFoundServerView{Name: n, Transport: string(s.Kind()), Runs: runs(s),
				Secrets: mcp.Literals(s), Exists: exists})
		}
		out = append(out, v)
	}
	return out, nil
}

func runs(s config.Server) string {
	if s.Kind() == config.Stdio {
		return filepath.Base(s.Command)
	}
	if u, err := url.Parse(s.URL); err == nil {
		return u.Host
	}
	return ""
}

// ImportMCPServers copies the chosen servers of the app config at path
// into the user's mcp.json. With moveSecrets their literal values go to
// the keychain; without, a server that has any is refused.
func (a *MCP) ImportMCPServers(path string, names []string, moveSecrets bool) (MCPView, error) {
	if len(names) == 0 {
		return MCPView{}, invalidf("import", "choose at least one server")
	}
	found, _ := a.discoverMCP()
	i := slices.IndexFunc(found, func(f config.Found) bool { return f.Path == path })
	if i < 0 {
		return MCPView{}, invalidf("import", path+" is not an MCP configuration Hearth found")
	}
	for _, n := range names {
		s, ok := found[i].Servers[n]
		if !ok {
			return MCPView{}, invalidf("import", n+" is not a server in "+found[i].App+"'s configuration")
		}
		// Hearth writes no secret into a file of its own: one written in
		// the other app's file stays there unless it moves to the keychain.
		if !moveSecrets && mcp.Literals(s) > 0 {
			return MCPView{}, invalidf("import", fmt.Sprintf("%s has %d secret(s) written in %s: move them into the keychain to import it", n, mcp.Literals(s), path))
		}
	}
	return a.addServers(&config.File{Servers: found[i].Servers}, names, moveSecrets)
}
