package config

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func put(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestDiscoverOtherApps(t *testing.T) {
	p := Places{Home: t.TempDir(), UserConfig: t.TempDir(), Workspace: "/work/proj"}
	desktop := filepath.Join(p.UserConfig, "Claude", "claude_desktop_config.json")
	if runtime.GOOS == "darwin" {
		desktop = filepath.Join(p.Home, "Library", "Application Support", "Claude", "claude_desktop_config.json")
	}
	put(t, desktop, `{"mcpServers": {"memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}}, "globalShortcut": "x"}`)
	put(t, filepath.Join(p.Home, ".claude.json"), `{"numStartups": 3, "mcpServers": {"gh": {"type": "http", "url": "https://api.githubcopilot.com/mcp/", "headers": {"Authorization": "Bearer ghp_inTheFile"}}},
		"projects": {"/work/proj": {"mcpServers": {"db": {"command": "pg-mcp"}}}, "/other": {"mcpServers": {"nope": {"command": "x"}}}}}`)
	put(t, filepath.Join(p.Home, ".cursor", "mcp.json"), `{"mcpServers": {"broken": {"args": ["no command"]}}}`)
	put(t, filepath.Join(p.UserConfig, "Code", "User", "mcp.json"), `{"servers": {"fs": {"type": "stdio", "command": "mcp-fs", "args": ["${workspaceFolder}"]}}, "inputs": []}`)

	found, err := Discover(p)
	if err == nil || !strings.Contains(err.Error(), "Cursor") || !strings.Contains(err.Error(), "needs a command") {
		t.Fatalf("the unreadable Cursor file is not reported: %v", err)
	}
	got := map[string][]string{}
	for _, f := range found {
		var names []string
		for n := range f.Servers {
			names = append(names, n)
		}
		got[f.App] = names
	}
	if len(got) != 3 || len(got["Claude Desktop"]) != 1 || len(got["Claude Code"]) != 2 || got["VS Code"][0] != "fs" {
		t.Fatalf("found %v", got)
	}

	dst, _ := Parse([]byte(`{"mcpServers": {"memory": {"command": "mine"}}}`))
	var code Found
	for _, f := range found {
		if f.App == "Claude Code" {
			code = f
		}
	}
	if err := Import(dst, code, "gh", "db"); err != nil {
		t.Fatal(err)
	}
	if dst.Servers["gh"].Headers["Authorization"] != "Bearer ghp_inTheFile" || dst.Servers["db"].Command != "pg-mcp" {
		t.Fatalf("imported %+v", dst.Servers)
	}
	if err := Import(dst, found[0], "memory"); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("an import replaced a server: %v", err)
	}
	if err := Import(dst, code, "nope"); !errors.Is(err, ErrNoServer) {
		t.Fatalf("another project's server was importable: %v", err)
	}
}
