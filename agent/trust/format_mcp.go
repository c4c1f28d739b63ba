package trust

import (
	"fmt"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// mcpFormat reads .mcp.json: {"mcpServers": {NAME: server}} and nothing
// else, each server closed to the fields Hearth knows.
var mcpFormat = format{kind: KindMCP, parse: parseMCP}

func parseMCP(rel string, b []byte) (any, description, error) {
	var d description
	top, err := strictObject(b, []string{"mcpServers"}, true)
	if err != nil {
		return nil, d, err
	}
	var raw map[string]jsontext.Value
	if v, ok := top["mcpServers"]; ok {
		if err := strictDecode(v, &raw); err != nil {
			return nil, d, fmt.Errorf("mcpServers: %w", err)
		}
	}
	var servers []config.Named
	for _, name := range sortedKeys(raw) {
		var s config.Server
		if err := strictDecode(raw[name], &s); err != nil {
			return nil, d, fmt.Errorf("mcpServers.%s: %w", name, err)
		}
		if err := s.Validate(name); err != nil {
			return nil, d, err
		}
		servers = append(servers, config.Named{Name: name, Scope: config.ScopeProject, Source: rel, Server: s})
	}
	var parts []string
	for _, n := range servers {
		parts = append(parts, describeServer(n, &d))
	}
	d.runs = len(servers) > 0
	d.brief = plural(len(servers), "MCP server")
	d.summary = "starts no MCP servers"
	if len(parts) > 0 {
		d.summary = strings.Join(parts, "; ")
	}
	slices.Sort(d.vars)
	d.vars = slices.Compact(d.vars)
	return servers, d, nil
}

// describeServer says what one server runs or where it connects, with the
// variables its strings name (never their values).
func describeServer(n config.Named, d *description) string {
	s := n.Server
	var sb strings.Builder
	switch s.Kind() {
	case config.Stdio:
		argv := append([]string{s.Command}, s.Args...)
		d.argv = append(d.argv, argv)
		if isShell(s.Command) {
			for i, a := range s.Args {
				if a == "-c" && i+1 < len(s.Args) {
					d.commands = append(d.commands, s.Args[i+1])
				}
			}
		}
		fmt.Fprintf(&sb, "starts %s as MCP server %q", quote(strings.Join(argv, " ")), clean(n.Name))
		if s.Cwd != "" {
			fmt.Fprintf(&sb, " in %s", quote(s.Cwd))
		}
		if len(s.Env) > 0 {
			sb.WriteString(" with environment " + assignments(s.Env))
		}
	default:
		fmt.Fprintf(&sb, "connects to %s as MCP server %q (%s)", quote(s.URL), clean(n.Name), s.Kind())
		if len(s.Headers) > 0 {
			sb.WriteString(" sending headers " + assignments(s.Headers))
			if refs := varsIn(mapValues(s.Headers)...); len(refs) > 0 {
				d.warnings = append(d.warnings, fmt.Sprintf("MCP server %q sends the value of %s to %s", clean(n.Name), list(dollar(refs)), clean(host(s.URL))))
			}
		}
	}
	if s.Disabled {
		sb.WriteString(" (disabled)")
	}
	strs := append([]string{s.Command, s.Cwd, s.URL}, s.Args...)
	strs = append(strs, mapValues(s.Env)...)
	strs = append(strs, mapValues(s.Headers)...)
	if s.OAuth != nil {
		strs = append(strs, s.OAuth.ClientID, s.OAuth.ClientSecret)
	}
	d.vars = append(d.vars, varsIn(strs...)...)
	if k := keychainRefs(strs...); len(k) > 0 {
		d.warnings = append(d.warnings, fmt.Sprintf("MCP server %q asks for Hearth keychain secrets %s, which a project file may never read", clean(n.Name), list(k)))
	}
	return sb.String()
}

// varRef finds ${VAR} and ${VAR:-default}; ${keychain:…} is matched apart.
var varRef = regexp.MustCompile(`\$\{([^}]*)\}`)

func varsIn(strs ...string) []string {
	var out []string
	for _, s := range strs {
		for _, m := range varRef.FindAllStringSubmatch(s, -1) {
			if strings.HasPrefix(m[1], config.KeychainPrefix) {
				continue
			}
			name, _, _ := strings.Cut(m[1], ":-")
			out = append(out, clean(name))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func keychainRefs(strs ...string) []string {
	var out []string
	for _, s := range strs {
		for _, m := range varRef.FindAllStringSubmatch(s, -1) {
			if ref, ok := strings.CutPrefix(m[1], config.KeychainPrefix); ok {
				out = append(out, quote(ref))
			}
		}
	}
	return out
}

// assignments shows names with the variables each value reads; a literal
// value is shown as set, not printed, since it may be a token.
func assignments(m map[string]string) string {
	var parts []string
	for _, k := range sortedKeys(m) {
		if refs := varsIn(m[k]); len(refs) > 0 {
			parts = append(parts, fmt.Sprintf("%s from %s", clean(k), strings.Join(dollar(refs), " and ")))
		} else {
			parts = append(parts, clean(k)+" (set in the file)")
		}
	}
	return list(parts)
}

func dollar(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "${" + n + "}"
	}
	return out
}

func mapValues(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for _, k := range sortedKeys(m) {
		out = append(out, m[k])
	}
	return out
}

func host(u string) string {
	if p, err := url.Parse(u); err == nil && p.Host != "" {
		return p.Host
	}
	return u
}

func isShell(cmd string) bool {
	switch path.Base(cmd) {
	case "sh", "bash", "zsh", "dash", "ksh", "fish":
		return true
	}
	return false
}
