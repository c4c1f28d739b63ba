package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/oneshot"
	"github.com/hearth-agent/hearth/agent/trust/trusttest"
	"github.com/hearth-agent/hearth/knowledge"
)

func writeKnowledgeWS(t *testing.T, files map[string]string) string {
	t.Helper()
	ws := t.TempDir()
	trusttest.Files(t, ws, files)
	return ws
}

func runKnowledgeCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
	code = Run(context.Background(), env, args)
	return code, out.String(), errb.String()
}

func TestIndexCommand(t *testing.T) {
	ws := writeKnowledgeWS(t, map[string]string{"a.go": "package a\n", "b/c.md": "hello world\n"})
	cache := t.TempDir()
	code, out, errs := runKnowledgeCLI(t, "index", "--json", "--cache", cache, ws)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if r["files"] != 2.0 || r["bytes"] != float64(len("package a\n")+len("hello world\n")) || r["reindexed"] != 2.0 {
		t.Errorf("report %v", r)
	}
	if r["index_bytes"].(float64) <= 0 || r["seconds"].(float64) <= 0 {
		t.Errorf("report %v", r)
	}
	// A second run re-reads nothing.
	code, out, _ = runKnowledgeCLI(t, "index", "--cache", cache, ws)
	if code != ExitOK || !strings.Contains(out, "2 files") || !strings.Contains(out, "0 re-read") {
		t.Errorf("second run exit %d: %s", code, out)
	}
}

func TestIndexCommandErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"index"}, ExitUsage},
		{[]string{"index", "a", "b"}, ExitUsage},
		{[]string{"index", "--cache", "", filepath.Join(t.TempDir(), "missing")}, ExitFailure},
		{[]string{"index", "--help"}, ExitOK},
	}
	for _, tt := range tests {
		if code, _, _ := runKnowledgeCLI(t, tt.args...); code != tt.code {
			t.Errorf("%v: exit %d, want %d", tt.args, code, tt.code)
		}
	}
}

// While another Hearth holds the index (the window), index and search ask
// it instead of building a private copy.
func TestIndexAndSearchAskTheHolder(t *testing.T) {
	ws := writeKnowledgeWS(t, map[string]string{"a.go": "package a\n\nfunc Hold() {}\n", "b/c.md": "hello world\n"})
	cache := t.TempDir()
	x, err := knowledge.Open(t.Context(), knowledge.Options{Workspace: ws, CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	defer oneshot.Answer(x)()

	code, out, errs := runKnowledgeCLI(t, "index", "--json", "--cache", cache, ws)
	if code != ExitOK {
		t.Fatalf("index exit %d: %s", code, errs)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if r["files"] != 2.0 || r["index_dir"] != x.Dir() || r["reindexed"] != 0.0 || !strings.Contains(r["warning"].(string), "held") {
		t.Errorf("index with a holder reported %v, want the holder's 2 files at %s, none re-read (a private copy would be elsewhere, all re-read)", r, x.Dir())
	}
	code, out, errs = runKnowledgeCLI(t, "search", "--cache", cache, "--workspace", ws, "Hold")
	if code != ExitOK || !strings.Contains(out, "a.go:3: func Hold() {}") {
		t.Errorf("search exit %d: %s%s", code, out, errs)
	}
}
