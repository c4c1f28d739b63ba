package mcp

import (
	"fmt"

	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/trust"
)

// Sources says where a run's servers come from.
type Sources struct {
	// UserDir holds the user's mcp.json ("" is the default config dir).
	UserDir string
	// Project is the workspace as agent/trust judged it: its trusted
	// .mcp.json servers start, the others are listed as untrusted. MCP
	// never reads a project file or decides trust itself.
	Project *trust.Effective
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
		for _, e := range projectEntries(src.Project) {
			add(e)
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

// projectEntries are the project's servers: trusted ones to start, the
// others held with why.
func projectEntries(p *trust.Effective) []Entry {
	if p == nil {
		return nil
	}
	var out []Entry
	for _, n := range p.MCP {
		out = append(out, Entry{Named: n})
	}
	for _, h := range p.MCPHeld {
		out = append(out, Entry{Named: h.Named, Held: config.ProjectFileName + ": " + h.Why + " (trust it in the app, or run with --trust)"})
	}
	return out
}
