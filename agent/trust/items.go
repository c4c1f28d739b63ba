// Package trust loads and judges what a workspace brings. A cloned folder
// can carry files that make Hearth run code or widen what runs (MCP servers,
// hooks, permission rules, slash commands with `!` lines, agents, skills).
// Load reads each such file once, strictly, into typed values; the sentence
// the person sees and the decision are made from those values, and only
// those values reach MCP, hooks, commands, skills, agents and permissions
// (Judge). Trust is stored outside the workspace as a digest of each item
// and of every workspace file it runs, so a change to any of them makes
// that item inert until the person reviews it. No other package parses a
// project file or decides trust.
package trust

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
)

// Kind is what sort of project item a file is.
type Kind string

const (
	KindMCP         Kind = "mcp"         // .mcp.json
	KindHooks       Kind = "settings"    // .claude/settings*.json, .hearth/settings.json
	KindPermissions Kind = "permissions" // .hearth/permissions.json
	KindCommand     Kind = "command"     // a slash command's Markdown file
	KindAgent       Kind = "agent"       // a subagent definition
	KindSkill       Kind = "skill"       // a skill folder
)

// PermissionsPath is the project permission file, relative to the workspace.
const PermissionsPath = ".hearth/permissions.json"

// MCPPath is the project's MCP servers file, relative to the workspace.
const MCPPath = ".mcp.json"

// Item is one thing a workspace brings, described from its parsed value.
type Item struct {
	Path    string // slash-separated, relative to the workspace
	Kind    Kind
	Summary string // what it does, in plain sentences: what runs, where it connects
	Brief   string // the same in a few words, for a one-line warning
	// Runs is whether it can run code or widen what runs; an item that
	// cannot (a command without `!` lines) needs no trust.
	Runs bool
	// Refs are the workspace files the item runs or loads as code, each
	// part of its digest.
	Refs []Ref
	// Vars are the ${VAR} names the item would expand.
	Vars []string
	// Warnings say plainly when the item reads credentials or sends data out.
	Warnings []string
	// Digest covers the item's bytes, every Ref and the folder it is in.
	Digest string
	Err    string // why it could not be read strictly; such an item is never trusted

	value  any       // the parsed value Judge hands to the feature
	folder string    // the folder it was read from (see folderID)
	bytes  string    // the digest of the item's own bytes, before seal
	files  []fileSum // every file the digest covers, for showing what changed
}

// fileSum is one file an item's digest covers: its sha256, or what stands
// there instead ("link to …", "missing").
type fileSum struct{ path, sum string }

// Ref is one workspace file an item runs, as it is now.
type Ref struct {
	Path   string `json:"path"`
	State  string `json:"state"`  // "file", "link to TARGET", "missing" or "not a regular file"
	Digest string `json:"digest"` // sha256 of a file's content
}

// Project is a workspace's items as read once.
type Project struct {
	Dir   string // canonical path
	Items []Item
	// Folder names the folder loaded (device and inode where the system
	// has them; "" elsewhere): another folder at the same path differs.
	Folder string
}

// format reads one kind of file: parse is strict and returns the value the
// feature gets, with the description made from that same value.
type format struct {
	kind  Kind
	parse func(rel string, b []byte) (any, description, error)
}

// description is what a format says of a parsed value; the loader adds the
// referenced files, warnings and digest.
type description struct {
	summary, brief string
	runs           bool
	commands       []string   // shell command lines it runs
	argv           [][]string // programs it starts with their arguments
	vars           []string
	warnings       []string
}

// files are the single-file items, in listing order.
var files = []struct {
	path string
	f    format
}{
	{MCPPath, mcpFormat},
	{".claude/settings.json", settingsFormat},
	{".claude/settings.local.json", settingsFormat},
	{".hearth/settings.json", settingsFormat},
	{PermissionsPath, permissionsFormat},
}

// dirs hold items one per Markdown file (commands, agents) or one per
// folder (skills).
var dirs = []struct {
	path string
	f    format
}{
	{".claude/commands", commandFormat},
	{".hearth/commands", commandFormat},
	{".claude/agents", agentFormat},
	{".hearth/agents", agentFormat},
	{".claude/skills", skillFormat},
	{".agents/skills", skillFormat},
	{".hearth/skills", skillFormat},
}

// Load reads every project item of the workspace dir once.
func Load(dir string) (*Project, error) {
	rt, canon, err := openRoot(dir)
	if err != nil {
		return nil, err
	}
	defer rt.Close()
	folder := folderID(rt)
	p := &Project{Dir: canon, Folder: folder}
	for _, f := range files {
		if it, ok := fileItem(rt, f.path, f.f); ok {
			p.Items = append(p.Items, it)
		}
	}
	for _, d := range dirs {
		p.Items = append(p.Items, dirItems(rt, d.path, d.f)...)
	}
	p.Items = append(p.Items, languageServerItems(rt)...)
	for i := range p.Items {
		seal(rt, canon, folder, &p.Items[i])
	}
	return p, nil
}

// List returns every project item of the workspace dir, each described.
func List(dir string) ([]Item, error) {
	p, err := Load(dir)
	if err != nil {
		return nil, err
	}
	return p.Items, nil
}

// fileItem reads and parses one file; ok is false when nothing is there.
func fileItem(rt *os.Root, rel string, f format) (Item, bool) {
	b, err := readFile(rt, rel)
	if errors.Is(err, fs.ErrNotExist) {
		return Item{}, false
	}
	it := Item{Path: rel, Kind: f.kind}
	if err != nil {
		return broken(it, err), true
	}
	it.Digest = digest(b)
	it.files = []fileSum{{rel, it.Digest}}
	return parsed(it, f, rel, b), true
}

// parsed fills it from f's reading of b.
func parsed(it Item, f format, rel string, b []byte) Item {
	v, d, err := f.parse(rel, b)
	if err != nil {
		return broken(it, err)
	}
	it.value = v
	it.Summary, it.Brief, it.Runs = d.summary, d.brief, d.runs
	it.Vars, it.Warnings = d.vars, d.warnings
	it.Warnings = append(it.Warnings, warnings(d.commands, d.argv)...)
	it.Refs = append(it.Refs, commandRefs(d.commands)...)
	it.Refs = append(it.Refs, argvRefs(d.argv)...)
	return it
}

// broken is an item that cannot be read strictly: listed, needing trust,
// never trusted, and nothing in it reaches a feature.
func broken(it Item, err error) Item {
	it.Runs, it.Err, it.value = true, clean(err.Error()), nil
	it.Summary = it.Path + " cannot be read strictly, so nothing in it takes effect: " + it.Err
	it.Brief = "unreadable"
	return it
}

func dirItems(rt *os.Root, rel string, f format) []Item {
	if fi, err := rt.Stat(rel); err != nil || !fi.IsDir() {
		return nil
	}
	var out []Item
	if f.kind == KindSkill {
		ents, err := fs.ReadDir(rt.FS(), rel)
		if err != nil {
			return nil
		}
		for _, e := range ents {
			p := path.Join(rel, e.Name())
			// A skill folder may be a link to one elsewhere in the workspace.
			if fi, err := rt.Stat(p); err == nil && fi.IsDir() {
				out = append(out, skillItem(rt, p))
			}
		}
		return out
	}
	names, err := dirFiles(rt, rel)
	if err != nil {
		return []Item{broken(Item{Path: rel, Kind: f.kind}, err)}
	}
	for _, n := range names {
		if strings.HasSuffix(n, ".md") {
			if it, ok := fileItem(rt, n, f); ok {
				out = append(out, it)
			}
		}
	}
	return out
}

func skillItem(rt *os.Root, rel string) Item {
	it := Item{Path: rel, Kind: KindSkill}
	sum, contents, err := digestDir(rt, rel)
	if err != nil {
		return broken(it, err)
	}
	it.Digest = sum
	for _, f := range sortedKeys(contents) {
		it.files = append(it.files, fileSum{f, digest(contents[f])})
	}
	md, ok := contents[rel+"/SKILL.md"]
	if !ok {
		return broken(it, fmt.Errorf("%s has no SKILL.md", rel))
	}
	files := it.files
	it = parsed(it, skillFormat, rel, md)
	it.files = files
	var others []string
	for _, f := range sortedKeys(contents) {
		if f != rel+"/SKILL.md" {
			others = append(others, clean(strings.TrimPrefix(f, rel+"/")))
		}
	}
	if it.Err == "" && len(others) > 0 {
		it.Summary += "; bundles " + list(others)
	}
	return it
}

// sortedKeys returns m's keys in order, so descriptions are stable.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
