package permission

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/hearth-agent/hearth/agent/trust"
	"github.com/hearth-agent/hearth/agent/workspace"
)

// FileName is where a workspace's rules live, inside its config directory.
const FileName = "permissions.json"

// Rule says what happens to calls of a kind whose path (edits, reads) or
// command (shell) matches Pattern. An empty Pattern matches every call.
//
// Edit and read patterns are path globs relative to the workspace with **
// ("src/**", "**/*.go"); MCP patterns glob the tool's name
// ("mcp__github__*"). Shell patterns are command shapes: words matched
// one by one with * and ? wildcards, a final "*" word matching any remaining
// arguments ("go test *", "npm run build").
type Rule struct {
	Kind    Kind   `json:"tool"`
	Pattern string `json:"pattern,omitempty"`
	Effect  Effect `json:"effect"`
}

// Policy is a workspace's saved rules. The defaults apply where no rule
// matches: reads allow, edits ask, shell asks except the read-only list,
// MCP tools ask.
type Policy struct {
	Rules []Rule `json:"rules"`
}

// Validate reports the first malformed rule.
func (p Policy) Validate() error {
	for i, r := range p.Rules {
		switch r.Kind {
		case KindRead, KindEdit, KindShell, KindMCP:
		default:
			return fmt.Errorf("rule %d: unknown tool kind %q (want read, edit, shell or mcp)", i+1, r.Kind)
		}
		switch r.Effect {
		case Allow, Ask, Deny:
		default:
			return fmt.Errorf("rule %d: unknown effect %q (want allow, ask or deny)", i+1, r.Effect)
		}
		if r.Kind != KindShell && r.Pattern != "" && !doublestar.ValidatePattern(r.Pattern) {
			return fmt.Errorf("rule %d: invalid path pattern %q", i+1, r.Pattern)
		}
	}
	return nil
}

// Truster says whether a workspace's project file may take effect as it is
// now; agent/trust's Store is one. Trust is decided there, never here.
type Truster interface {
	Trusted(workspace string, item trust.Item) (bool, string)
}

// Load reads every rule in the workspace dir's permission file, as written;
// a missing file gives the defaults (no rules). A gate is built from
// LoadFor, which applies trust.
func Load(dir string) (Policy, error) {
	p, _, err := read(dir)
	return p, err
}

// LoadFor reads the workspace's rules for a gate. A project file can always
// take away, so its deny and ask rules apply; its allow rules apply only
// when t trusts the file as it is now (a nil t trusts nothing).
func LoadFor(dir string, t Truster) (Policy, error) {
	p, item, err := read(dir)
	if err != nil || len(p.Rules) == 0 {
		return p, err
	}
	if t != nil {
		if ok, _ := t.Trusted(dir, item); ok {
			return p, nil
		}
	}
	narrow := Policy{}
	for _, r := range p.Rules {
		if r.Effect != Allow {
			narrow.Rules = append(narrow.Rules, r)
		}
	}
	return narrow, nil
}

// read parses the permission file through agent/trust, which reads it
// without following a symlink out of the workspace or blocking on a FIFO,
// and describes exactly the bytes parsed.
func read(dir string) (Policy, trust.Item, error) {
	item, b, err := trust.ReadItem(dir, trust.PermissionsPath)
	if errors.Is(err, fs.ErrNotExist) {
		return Policy{}, item, nil
	}
	if err != nil {
		return Policy{}, item, fmt.Errorf("permissions: %w", err)
	}
	file := filepath.Join(dir, workspace.ConfigDirName, FileName)
	var p Policy
	if err := json.Unmarshal(b, &p); err != nil {
		return Policy{}, item, fmt.Errorf("permissions: %s: %w", file, err)
	}
	if err := p.Validate(); err != nil {
		return Policy{}, item, fmt.Errorf("permissions: %s: %w", file, err)
	}
	return p, item, nil
}

// Save writes the rules for the workspace dir atomically.
func (p Policy) Save(dir string) error {
	if err := p.Validate(); err != nil {
		return fmt.Errorf("permissions: %w", err)
	}
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return fmt.Errorf("permissions: %w", err)
	}
	root, err := workspace.Open(dir, workspace.AllowProtectedWrites())
	if err != nil {
		return fmt.Errorf("permissions: %w", err)
	}
	defer root.Close()
	if err := root.WriteFile(path.Join(workspace.ConfigDirName, FileName), append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("permissions: %w", err)
	}
	return nil
}

// matchPath reports whether a workspace-relative path matches a rule pattern.
func matchPath(pattern, rel string) bool {
	if pattern == "" {
		return true
	}
	ok, err := doublestar.Match(pattern, rel)
	return err == nil && ok
}

// matchShape reports whether argv has the command shape pattern.
func matchShape(pattern string, argv []string) bool {
	if pattern == "" {
		return true
	}
	words := strings.Fields(pattern)
	for i, w := range words {
		if w == "*" && i == len(words)-1 {
			return true
		}
		if i >= len(argv) {
			return false
		}
		if ok, err := path.Match(w, argv[i]); err != nil || !ok {
			return false
		}
	}
	return len(argv) == len(words)
}
