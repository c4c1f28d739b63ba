package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// Found is another app's MCP configuration on this machine, shown to the
// person before anything is imported.
type Found struct {
	App     string // "Claude Desktop", "Claude Code", "Cursor", "VS Code"
	Path    string
	Servers map[string]Server
}

// Places says where to look: the home and user config directories (tests
// pass temporary ones) and the open workspace, for Claude Code's
// per-project servers.
type Places struct {
	Home, UserConfig, Workspace string
}

// DefaultPlaces are this user's directories.
func DefaultPlaces(ws string) Places {
	home, _ := os.UserHomeDir()
	cfg, _ := os.UserConfigDir()
	return Places{Home: home, UserConfig: cfg, Workspace: ws}
}

// Discover lists the MCP servers other apps keep. A file that is missing
// is skipped; one that cannot be read as its app's format is reported in
// the error, and the others are still returned.
func Discover(p Places) ([]Found, error) {
	claudeDesktop := filepath.Join(p.UserConfig, "Claude", "claude_desktop_config.json")
	if runtime.GOOS == "darwin" {
		claudeDesktop = filepath.Join(p.Home, "Library", "Application Support", "Claude", "claude_desktop_config.json")
	}
	sources := []struct {
		app, path string
		read      func([]byte, Places) (map[string]Server, error)
	}{
		{"Claude Desktop", claudeDesktop, mcpServersKey},
		{"Claude Code", filepath.Join(p.Home, ".claude.json"), claudeCode},
		{"Cursor", filepath.Join(p.Home, ".cursor", "mcp.json"), mcpServersKey},
		{"VS Code", filepath.Join(p.UserConfig, "Code", "User", "mcp.json"), vsCode},
	}
	var out []Found
	var errs []error
	for _, s := range sources {
		b, err := os.ReadFile(s.path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err == nil {
			var servers map[string]Server
			if servers, err = s.read(b, p); err == nil && len(servers) > 0 {
				out = append(out, Found{App: s.app, Path: s.path, Servers: servers})
			}
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s (%s): %w", s.app, s.path, err))
		}
	}
	return out, errors.Join(errs...)
}

// mcpServersKey reads the shared {"mcpServers": …} format.
func mcpServersKey(b []byte, _ Places) (map[string]Server, error) {
	f, err := Parse(b)
	if err != nil {
		return nil, err
	}
	return f.Servers, nil
}

// claudeCode reads ~/.claude.json: its user servers and those of the open
// workspace's project entry.
func claudeCode(b []byte, p Places) (map[string]Server, error) {
	var doc struct {
		MCPServers map[string]json.RawMessage `json:"mcpServers"`
		Projects   map[string]struct {
			MCPServers map[string]json.RawMessage `json:"mcpServers"`
		} `json:"projects"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, err
	}
	out := map[string]Server{}
	if err := addRaw(out, doc.MCPServers); err != nil {
		return nil, err
	}
	if p.Workspace != "" {
		if err := addRaw(out, doc.Projects[p.Workspace].MCPServers); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// vsCode reads VS Code's mcp.json, whose servers sit under "servers".
func vsCode(b []byte, _ Places) (map[string]Server, error) {
	var doc struct {
		Servers map[string]json.RawMessage `json:"servers"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, err
	}
	out := map[string]Server{}
	return out, addRaw(out, doc.Servers)
}

func addRaw(out map[string]Server, raw map[string]json.RawMessage) error {
	for name, r := range raw {
		var s Server
		if err := json.Unmarshal(r, &s); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := s.Validate(name); err != nil {
			return err
		}
		out[name] = s
	}
	return nil
}

// Import adds the named servers of found to f, as written there (a secret
// stays where the person put it). A name f already has is refused, so an
// import never replaces a server silently.
func Import(f *File, found Found, names ...string) error {
	for _, n := range names {
		s, ok := found.Servers[n]
		if !ok {
			return fmt.Errorf("%w: %s in %s", ErrNoServer, n, found.App)
		}
		if _, taken := f.Servers[n]; taken {
			return fmt.Errorf("server %s already exists; remove it first or import under another name", n)
		}
		if err := f.Set(n, s); err != nil {
			return err
		}
	}
	return nil
}
