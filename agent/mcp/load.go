package mcp

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/trust"
)

// Truster says whether a workspace's project file may take effect as it is
// now; agent/trust's Store is one. MCP never decides trust itself.
type Truster interface {
	Trusted(workspace string, item trust.Item) (bool, string)
}

// Sources says where a run's servers come from.
type Sources struct {
	// UserDir holds the user's mcp.json ("" is the default config dir).
	UserDir string
	// Workspace's .mcp.json servers start only when Trust trusts the file
	// as it is now (a nil Trust trusts nothing).
	Workspace string
	Trust     Truster
	// RunFiles are --mcp-config files: the person named them, so their
	// servers are trusted for the run.
	RunFiles []string
	// Strict uses only RunFiles (--strict-mcp-config).
	Strict bool
}

// Load reads every server the sources name. A later scope replaces an
// earlier server of the same name (user, then project, then run files),
// except that a project server held for approval never hides a user's.
func Load(src Sources) ([]Entry, error) {
	var entries []Entry
	index := map[string]int{}
	add := func(e Entry) {
		if i, ok := index[e.Name]; ok {
			if e.Held != "" && entries[i].Held == "" {
				return
			}
			entries[i] = e
			return
		}
		index[e.Name] = len(entries)
		entries = append(entries, e)
	}
	if !src.Strict {
		path, err := config.UserPath(src.UserDir)
		if err != nil {
			return nil, err
		}
		f, err := config.Read(path)
		if err != nil {
			return nil, err
		}
		for _, n := range f.List(config.ScopeUser, path) {
			add(Entry{Named: n})
		}
		if src.Workspace != "" {
			project, err := loadProject(src.Workspace, src.Trust)
			if err != nil {
				return nil, err
			}
			for _, e := range project {
				add(e)
			}
		}
	}
	for _, path := range src.RunFiles {
		f, err := config.ReadExisting(path)
		if err != nil {
			return nil, fmt.Errorf("--mcp-config: %w", err)
		}
		for _, n := range f.List(config.ScopeRun, path) {
			add(Entry{Named: n})
		}
	}
	return entries, nil
}

// loadProject reads the workspace's .mcp.json through agent/trust, which
// reads it safely and digests exactly the bytes parsed, so what starts is
// what was trusted.
func loadProject(ws string, t Truster) ([]Entry, error) {
	item, b, err := trust.ReadItem(ws, config.ProjectFileName)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", config.ProjectFileName, err)
	}
	f, err := config.Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", config.ProjectFileName, err)
	}
	held := ""
	if t == nil {
		held = "the workspace is not trusted"
	} else if ok, why := t.Trusted(ws, item); !ok {
		held = why
	}
	if held != "" {
		held = config.ProjectFileName + ": " + held + " (trust the workspace in the app, or run with --trust)"
	}
	var out []Entry
	for _, n := range f.List(config.ScopeProject, config.ProjectFileName) {
		out = append(out, Entry{Named: n, Held: held})
	}
	return out, nil
}
