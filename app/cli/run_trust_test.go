package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/hearth-agent/hearth/agent/trust"
)

// clonedRepo is a workspace that ships a permission file allowing `touch`
// and project items that would write canaries if they ever ran.
func clonedRepo(t *testing.T) (ws, canaries string) {
	t.Helper()
	ws, canaries = t.TempDir(), t.TempDir()
	touch := func(name string) string { return "touch " + filepath.Join(canaries, name) }
	files := map[string]string{
		trust.PermissionsPath:        `{"rules":[{"tool":"shell","pattern":"touch *","effect":"allow"},{"tool":"shell","pattern":"echo *","effect":"allow"}]}`,
		".mcp.json":                  `{"mcpServers":{"x":{"command":"sh","args":["-c","` + touch("mcp") + `"]}}}`,
		".claude/settings.json":      `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"` + touch("hook") + `"}]}],"PreToolUse":[{"hooks":[{"type":"command","command":"` + touch("hook2") + `"}]}]}}`,
		".claude/commands/deploy.md": "!`" + touch("cmd") + "`\n",
	}
	for p, body := range files {
		full := filepath.Join(ws, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return ws, canaries
}

// runIn runs `hearth run` in-process with its config dir set to cfg.
func runIn(t *testing.T, cfg string, args ...string) (int, string, string) {
	t.Helper()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	var out, errb bytes.Buffer
	getenv := func(k string) string {
		switch k {
		case "HEARTH_CONFIG_DIR":
			return cfg
		case "HEARTH_DATA_DIR":
			return filepath.Join(cfg, "data")
		case "OPENAI_API_KEY":
			return "sk-test-key-123456"
		}
		return ""
	}
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: getenv,
		Secrets: secrets.NewWith(emptyRing{}, time.Second, getenv), Version: "test"}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	code := Run(ctx, env, append([]string{"run"}, args...))
	return code, out.String(), errb.String()
}

func TestRunWorkspaceTrust(t *testing.T) {
	tests := []struct {
		name    string
		prepare func(t *testing.T, ws, cfg string)
		flags   []string
		ran     bool   // the shell command matched only by the shipped allow rule ran
		warn    string // the one warning line, "" for none
	}{
		{"untrusted", func(*testing.T, string, string) {}, nil, false,
			"hearth: untrusted workspace: ignoring .mcp.json (1 MCP server), .claude/settings.json (2 hooks), .hearth/permissions.json (2 allow rules), .claude/commands/deploy.md (1 shell line); run with --trust or trust it in the app\n"},
		{"--trust", func(*testing.T, string, string) {}, []string{"--trust"}, true, ""},
		{"stored trust", trustAll, nil, true, ""},
		{"permission file changed after trust", func(t *testing.T, ws, cfg string) {
			trustAll(t, ws, cfg)
			os.WriteFile(filepath.Join(ws, ".hearth", "permissions.json"), []byte(`{"rules":[{"tool":"shell","pattern":"touch *","effect":"allow"}]}`), 0o644)
		}, nil, false,
			"hearth: workspace item not trusted: ignoring .hearth/permissions.json (changed since trusted; 1 allow rule); run with --trust or trust it in the app\n"},
		{"another file changed after trust", func(t *testing.T, ws, cfg string) {
			trustAll(t, ws, cfg)
			os.WriteFile(filepath.Join(ws, ".mcp.json"), []byte(`{"mcpServers":{}}`), 0o644)
		}, nil, true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ws, canaries := clonedRepo(t)
			cfg := t.TempDir()
			tc.prepare(t, ws, cfg)
			s := newLLMServer(t, toolReply("call_1", "shell", `{"command":"touch made-by-rule"}`), textReply("done"))
			args := append(append([]string{}, tc.flags...), "--workspace", ws, "--provider", "openai", "--model", "gpt-4o",
				"--base-url", s.srv.URL+"/v1", "--json", "make the file")
			code, out, errOut := runIn(t, cfg, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			_, err := os.Stat(filepath.Join(ws, "made-by-rule"))
			if ran := err == nil; ran != tc.ran {
				t.Errorf("shell ran = %v, want %v; output %s", ran, tc.ran, out)
			}
			if !tc.ran && !strings.Contains(out, `"status":"denied"`) {
				t.Errorf("the call was not denied: %s", out)
			}
			var warn string
			for _, ln := range strings.SplitAfter(errOut, "\n") {
				if strings.Contains(ln, "trust") {
					warn += ln
				}
			}
			if warn != tc.warn {
				t.Errorf("warning lines:\n%q\nwant\n%q", warn, tc.warn)
			}
			// Each project item runs exactly when it is trusted as it is now:
			// the hooks (SessionStart, PreToolUse) when .claude/settings.json
			// is, the MCP server when .mcp.json is.
			var ran []string
			if ents, _ := os.ReadDir(canaries); len(ents) != 0 {
				for _, e := range ents {
					ran = append(ran, e.Name())
				}
			}
			want := map[string]string{"untrusted": "", "another file changed after trust": "hook hook2"}[tc.name]
			if _, listed := map[string]bool{"untrusted": true, "another file changed after trust": true}[tc.name]; !listed {
				want = "hook hook2 mcp"
			}
			if got := strings.Join(ran, " "); got != want {
				t.Errorf("project items that ran: %q, want %q", got, want)
			}
			if tc.name == "--trust" {
				if _, err := os.Stat(filepath.Join(cfg, trust.FileName)); !os.IsNotExist(err) {
					t.Errorf("--trust stored trust: %v", err)
				}
			}
		})
	}
}

func trustAll(t *testing.T, ws, cfg string) {
	t.Helper()
	items, err := trust.List(ws)
	if err != nil {
		t.Fatal(err)
	}
	if err := trust.NewStore(cfg).Trust(ws, items...); err != nil {
		t.Fatal(err)
	}
}

func TestRunHelpNamesTrust(t *testing.T) {
	code, out, errOut := runIn(t, t.TempDir(), "--help")
	if code != 0 || !strings.Contains(out+errOut, "--trust") {
		t.Errorf("exit %d, help lacks --trust: %s%s", code, out, errOut)
	}
}

// A worktree made from a trusted folder carries the same items, and they
// take effect there as in the folder (trust follows content); made from
// an untrusted folder, nothing in it runs.
func TestRunWorktreeOfATrustedFolderTrustsTheSameContent(t *testing.T) {
	for _, trusted := range []bool{true, false} {
		t.Run(map[bool]string{true: "trusted", false: "untrusted"}[trusted], func(t *testing.T) {
			ws, canaries := clonedRepo(t)
			gitIn(t, ws, "init", "-q")
			gitIn(t, ws, "add", "-A")
			gitIn(t, ws, "commit", "-q", "-m", "start")
			cfg := t.TempDir()
			if trusted {
				trustAll(t, ws, cfg)
			}
			s := newLLMServer(t, toolReply("call_1", "shell", `{"command":"touch made-by-rule"}`), textReply("done"))
			code, out, errOut := runIn(t, cfg, "--workspace", ws, "--worktree", "--provider", "openai", "--model", "gpt-4o",
				"--base-url", s.srv.URL+"/v1", "--json", "make the file")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var tree string
			for _, e := range jsonLines(t, out) {
				if wt, ok := e["worktree"].(map[string]any); ok && e["type"] == "done" {
					tree, _ = wt["path"].(string)
				}
			}
			if tree == "" || tree == ws {
				t.Fatalf("no worktree in %s", out)
			}
			_, err := os.Stat(filepath.Join(tree, "made-by-rule"))
			if ran := err == nil; ran != trusted {
				t.Errorf("the shell command only the folder's allow rule permits ran = %v; output %s", ran, out)
			}
			var ran []string
			ents, _ := os.ReadDir(canaries)
			for _, e := range ents {
				ran = append(ran, e.Name())
			}
			if got, want := strings.Join(ran, " "), map[bool]string{true: "hook hook2 mcp", false: ""}[trusted]; got != want {
				t.Errorf("project items that ran in the tree: %q, want %q", got, want)
			}
			if warned := strings.Contains(errOut, "untrusted workspace"); warned == trusted {
				t.Errorf("untrusted warning = %v: %s", warned, errOut)
			}
		})
	}
}
