package tools

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/hearth-agent/hearth/agent/tool"
)

// newWS creates a workspace with the given files and returns its tools.
func newWS(t testing.TB, files map[string]string, cfg Config) (string, map[string]tool.Tool) {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return newWSAt(t, dir, cfg)
}

// newWSAt returns the tools of an existing workspace dir.
func newWSAt(t testing.TB, dir string, cfg Config) (string, map[string]tool.Tool) {
	t.Helper()
	cfg.Workspace = dir
	list, err := Builtin(cfg)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]tool.Tool{}
	for _, tl := range list {
		byName[tl.Definition().Name] = tl
	}
	return dir, byName
}

func run(t *testing.T, tl tool.Tool, args any) (string, error) {
	t.Helper()
	raw, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	return tl.Run(context.Background(), raw)
}

func mustRun(t *testing.T, tl tool.Tool, args any) string {
	t.Helper()
	out, err := run(t, tl, args)
	if err != nil {
		t.Fatalf("%s(%v): %v", tl.Definition().Name, args, err)
	}
	return out
}
