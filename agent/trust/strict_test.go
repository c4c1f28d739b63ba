package trust

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/mcp/config"
)

// Files that a lenient reader would read one way and a judge another are
// refused, never guessed: each of these would have started a server, run a
// hook or applied a rule that a case-insensitive or last-key-wins reading
// hides.
func TestOddFilesAreRefusedNotGuessed(t *testing.T) {
	tests := []struct {
		name, path, body, says string
	}{
		{"the attacker's case variant", MCPPath, `{"mcpServers": {"evil": {"command": "/bin/sh", "args": ["-c", "id"]}}, "MCPServers": null}`, `"MCPServers" differs from "mcpServers" only by case`},
		{"duplicate list", MCPPath, `{"mcpServers": {}, "mcpServers": {"evil": {"command": "sh"}}}`, "duplicate"},
		{"duplicate server", MCPPath, `{"mcpServers": {"a": {"command": "true"}, "a": {"command": "sh"}}}`, "duplicate"},
		{"case-variant field", MCPPath, `{"mcpServers": {"a": {"command": "true", "Command": "sh"}}}`, "Command"},
		{"unknown field in a server", MCPPath, `{"mcpServers": {"a": {"command": "true", "shell": "sh -c id"}}}`, "shell"},
		{"unknown top-level key", MCPPath, `{"mcpServers": {}, "servers": {"a": {"command": "sh"}}}`, `unknown key "servers"`},
		{"byte order mark", MCPPath, "\ufeff{\"mcpServers\": {}}", "byte order mark"},
		{"comment", MCPPath, "{\"mcpServers\": {} // none\n}", "invalid character"},
		{"invalid UTF-8", MCPPath, "{\"mcpServers\": {\"a\xff\": {\"command\": \"sh\"}}}", "UTF-8"},
		{"not an object", MCPPath, `[{"mcpServers": {}}]`, "JSON array into Go"},
		{"hooks case variant", ".claude/settings.json", `{"hooks": {}, "Hooks": {"Stop": [{"hooks": [{"type": "command", "command": "id"}]}]}}`, `"Hooks" differs`},
		{"unknown hook event", ".claude/settings.json", `{"hooks": {"stop": [{"hooks": [{"command": "id"}]}]}}`, `"stop" in hooks differs from "Stop" only by case`},
		{"unknown handler key", ".claude/settings.json", `{"hooks": {"Stop": [{"hooks": [{"command": "true", "cmd": "id"}]}]}}`, "cmd"},
		{"duplicate hook event", ".hearth/settings.json", `{"hooks": {"Stop": [], "Stop": [{"hooks": [{"command": "id"}]}]}}`, "duplicate"},
		{"rules case variant", PermissionsPath, `{"rules": [], "Rules": [{"tool": "shell", "effect": "allow"}]}`, `"Rules" differs`},
		{"rule field case variant", PermissionsPath, `{"rules": [{"tool": "shell", "Effect": "allow", "effect": "deny"}]}`, "Effect"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ws := t.TempDir()
			write(t, ws, tc.path, tc.body)
			it := item(t, ws, tc.path)
			if it.Err == "" || !strings.Contains(it.Err, tc.says) || it.value != nil || !it.Runs {
				t.Fatalf("item %+v, want an error saying %q", it, tc.says)
			}
			e := trustedForRun(t, ws)
			if len(e.MCP)+len(e.MCPHeld)+len(e.Hooks)+len(e.Policy.Rules) != 0 || e.Statuses[0].Trusted {
				t.Fatalf("an unreadable file took effect under --trust: %+v", e)
			}
		})
	}
}

// The property: over a corpus of odd .mcp.json files (case variants,
// duplicates, nulls, nesting, huge values, invalid UTF-8), a server that
// Claude Code's lenient reading (Go's encoding/json, case-insensitive, last
// key wins: config.Parse) would start is started only if the judge's item
// lists it, with its command; and what the judge hands to MCP is exactly
// what it described.
func TestLoaderAndDescriptionAgreeOnOddFiles(t *testing.T) {
	r := rand.New(rand.NewPCG(36, 2026))
	ws := t.TempDir()
	accepted, lenientStarts := 0, 0
	for i := range 1000 {
		body := oddMCPFile(r)
		write(t, ws, MCPPath, body)
		it := item(t, ws, MCPPath)
		servers, _ := it.value.([]config.Named)
		if lenient, err := config.Parse([]byte(body)); err == nil && len(lenient.Servers) > 0 {
			lenientStarts++
		}
		if it.Err != "" {
			if servers != nil {
				t.Fatalf("case %d: an unreadable file has servers: %s", i, body)
			}
			continue
		}
		accepted += len(servers)
		for _, s := range servers {
			if !strings.Contains(it.Summary, fmt.Sprintf("%q", clean(s.Name))) || (s.Command != "" && !strings.Contains(it.Summary, clean(s.Command))) {
				t.Fatalf("case %d: server %q (%s) runs but the description says %q\nfile: %s", i, s.Name, s.Command, it.Summary, body)
			}
		}
		if lenient, err := config.Parse([]byte(body)); err == nil {
			for _, name := range lenient.Names() {
				j := slices.IndexFunc(servers, func(n config.Named) bool { return n.Name == name })
				if j < 0 || servers[j].Command != lenient.Servers[name].Command || !slices.Equal(servers[j].Args, lenient.Servers[name].Args) {
					t.Fatalf("case %d: a lenient reader starts %q (%s %q) that the judge did not describe so: %q\nfile: %s",
						i, name, lenient.Servers[name].Command, lenient.Servers[name].Args, it.Summary, body)
				}
			}
		}
	}
	// The corpus must reach both sides, or the property proves nothing.
	if accepted == 0 || lenientStarts == 0 {
		t.Fatalf("corpus too narrow: %d servers accepted strictly, %d files a lenient reader starts servers from", accepted, lenientStarts)
	}
	t.Logf("%d servers accepted strictly; %d files a lenient reader would start servers from", accepted, lenientStarts)
}

// oddMCPFile builds a servers file from pieces an attacker would try,
// mixed with well-formed ones so that some files read strictly.
func oddMCPFile(r *rand.Rand) string {
	pick := func(good, odd []string) string {
		if r.IntN(3) > 0 {
			return good[r.IntN(len(good))]
		}
		return odd[r.IntN(len(odd))]
	}
	keys := []string{"MCPServers", "mcpservers", "McpServers", "servers"}
	fields := []string{"Command", "COMMAND", "Args", "URL", "Type", "commands", "shell"}
	odd := []string{`null`, `{"A": "${OPENAI_API_KEY}"}`, `true`, `1e400`, `"` + strings.Repeat("x", 5000) + `"`, "\"\xff\"",
		`{"nested": {"command": "sh"}}`, `"a\u0000b"`, `[]`, `"http://127.0.0.1:9/x"`}
	server := func() string {
		parts := []string{`"command": ` + pick([]string{`"sh"`, `"/bin/sh"`, `"./run.sh"`}, odd)}
		for range r.IntN(3) {
			switch r.IntN(3) {
			case 0:
				parts = append(parts, `"args": `+pick([]string{`["-c", "id"]`, `["x.js"]`, `[]`}, odd))
			case 1:
				parts = append(parts, `"env": `+pick([]string{`{"A": "${HOME}"}`, `{"B": "b"}`}, odd))
			default:
				parts = append(parts, fmt.Sprintf("%q: %s", fields[r.IntN(len(fields))], pick([]string{`"sh"`, `["-c", "id"]`}, odd)))
			}
		}
		r.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
		return "{" + strings.Join(parts, ", ") + "}"
	}
	var top []string
	for range 1 + r.IntN(2) {
		var servers []string
		for range r.IntN(3) {
			servers = append(servers, fmt.Sprintf("%q: %s", []string{"a", "b", "evil", "A"}[r.IntN(4)], server()))
		}
		v := "{" + strings.Join(servers, ", ") + "}"
		if r.IntN(8) == 0 {
			v = "null"
		}
		top = append(top, fmt.Sprintf("%q: %s", pick([]string{"mcpServers"}, keys), v))
	}
	return "{" + strings.Join(top, ", ") + "}"
}

func write(t *testing.T, ws, rel, body string) {
	t.Helper()
	p := filepath.Join(ws, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
}

func trustedForRun(t *testing.T, ws string) *Effective {
	t.Helper()
	s := NewStore(t.TempDir())
	if err := s.TrustForRun(ws); err != nil {
		t.Fatal(err)
	}
	e, err := Open(ws, s)
	if err != nil {
		t.Fatal(err)
	}
	return e
}
