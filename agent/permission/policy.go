package permission

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/hearth-agent/hearth/agent/confine"
)

// FileName is where a workspace's rules live, inside its config directory.
const FileName = "permissions.json"

// Rule says what happens to calls of a kind whose path (edits, reads) or
// command (shell) matches Pattern. An empty Pattern matches every call.
//
// Edit and read patterns are path globs relative to the workspace with **
// ("src/**", "**/*.go"); MCP patterns glob the tool's name
// ("mcp__github__*"), web_fetch patterns the host ("*.example.com"),
// web_search patterns the provider ("searxng"). Shell patterns are command shapes: words matched
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
		case KindRead, KindEdit, KindShell, KindMCP, KindWebFetch, KindWebSearch:
		default:
			return fmt.Errorf("rule %d: unknown tool kind %q (want read, edit, shell, mcp, web_fetch or web_search)", i+1, r.Kind)
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

// Save writes the rules for the workspace dir atomically.
func (p Policy) Save(dir string) error {
	if err := p.Validate(); err != nil {
		return fmt.Errorf("permissions: %w", err)
	}
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return fmt.Errorf("permissions: %w", err)
	}
	root, err := confine.Open(dir, confine.AllowProtectedWrites())
	if err != nil {
		return fmt.Errorf("permissions: %w", err)
	}
	defer root.Close()
	if err := root.WriteFile(path.Join(confine.ConfigDirName, FileName), append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("permissions: %w", err)
	}
	return nil
}

// matchPath reports whether a workspace-relative path (or a tool name, a
// host, a provider) matches a rule pattern.
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
