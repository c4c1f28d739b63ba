// Package trust decides whether what a workspace brings may take effect.
// A cloned folder can carry files that make Hearth run code or widen what
// runs (MCP servers, hooks, permission rules, slash commands with `!`
// lines, agents, skills). They are listed with what each can do, and none
// takes effect until the person trusts the workspace; trust is stored
// outside the workspace with a digest of each file, so a changed file is
// inert again until approved. Permissions, MCP, hooks, commands, skills and
// agents ask this package and never decide trust themselves.
package trust

import (
	"errors"
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

// Item is one thing a workspace brings.
type Item struct {
	Path    string // slash-separated, relative to the workspace
	Kind    Kind
	Summary string // what it can do, in one human sentence
	Brief   string // the same in a few words, for a one-line warning
	// Runs is whether it can run code or widen what runs; an item that
	// cannot (a command without `!` lines) needs no trust.
	Runs   bool
	Digest string // sha256 of the file (of every file, for a skill folder)
	Err    string // why it could not be read; such an item is never trusted
}

// files are the single-file items, in listing order.
var files = []struct {
	path string
	kind Kind
}{
	{".mcp.json", KindMCP},
	{".claude/settings.json", KindHooks},
	{".claude/settings.local.json", KindHooks},
	{".hearth/settings.json", KindHooks},
	{PermissionsPath, KindPermissions},
}

// dirs hold items one per Markdown file (commands, agents) or one per
// folder (skills).
var dirs = []struct {
	path string
	kind Kind
}{
	{".claude/commands", KindCommand},
	{".hearth/commands", KindCommand},
	{".claude/agents", KindAgent},
	{".hearth/agents", KindAgent},
	{".claude/skills", KindSkill},
	{".agents/skills", KindSkill},
	{".hearth/skills", KindSkill},
}

// List returns every project item of the workspace dir, each described.
func List(dir string) ([]Item, error) {
	rt, _, err := openRoot(dir)
	if err != nil {
		return nil, err
	}
	defer rt.Close()
	var out []Item
	for _, f := range files {
		it, ok := fileItem(rt, f.path, f.kind)
		if ok {
			out = append(out, it)
		}
	}
	for _, d := range dirs {
		out = append(out, dirItems(rt, d.path, d.kind)...)
	}
	return out, nil
}

// ReadItem reads one project file and describes it from exactly the bytes
// returned, so a consumer applies what was judged. A missing file gives an
// error matching fs.ErrNotExist.
func ReadItem(dir, rel string) (Item, []byte, error) {
	rt, _, err := openRoot(dir)
	if err != nil {
		return Item{}, nil, err
	}
	defer rt.Close()
	kind := kindOf(rel)
	b, err := readFile(rt, rel)
	if err != nil {
		return Item{Path: rel, Kind: kind, Runs: true, Err: err.Error()}, nil, err
	}
	return describe(rel, kind, b), b, nil
}

func kindOf(rel string) Kind {
	for _, f := range files {
		if f.path == rel {
			return f.kind
		}
	}
	for _, d := range dirs {
		if strings.HasPrefix(rel, d.path+"/") {
			return d.kind
		}
	}
	return ""
}

// fileItem describes one file; ok is false when there is nothing there.
func fileItem(rt *os.Root, rel string, kind Kind) (Item, bool) {
	b, err := readFile(rt, rel)
	if errors.Is(err, fs.ErrNotExist) {
		return Item{}, false
	}
	if err != nil {
		return Item{Path: rel, Kind: kind, Runs: true, Err: err.Error(),
			Summary: rel + " cannot be read safely: " + err.Error(), Brief: "unreadable"}, true
	}
	return describe(rel, kind, b), true
}

func dirItems(rt *os.Root, rel string, kind Kind) []Item {
	if fi, err := rt.Stat(rel); err != nil || !fi.IsDir() {
		return nil
	}
	var out []Item
	if kind == KindSkill {
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
		return []Item{{Path: rel, Kind: kind, Runs: true, Err: err.Error(),
			Summary: rel + " cannot be read safely: " + err.Error(), Brief: "unreadable"}}
	}
	for _, n := range names {
		if strings.HasSuffix(n, ".md") {
			if it, ok := fileItem(rt, n, kind); ok {
				out = append(out, it)
			}
		}
	}
	return out
}

func skillItem(rt *os.Root, rel string) Item {
	sum, contents, err := digestDir(rt, rel)
	if err != nil {
		return Item{Path: rel, Kind: KindSkill, Runs: true, Err: err.Error(),
			Summary: "skill " + path.Base(rel) + " cannot be read safely: " + err.Error(), Brief: "unreadable"}
	}
	it := describeSkill(rel, contents)
	it.Digest = sum
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
