package assembly

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/knowledge"
)

// The agent's search tool reads the real index: a name's defining file
// comes first, at its definition, and says so.
func TestIndexSearcherMarksTheDefinition(t *testing.T) {
	files := map[string]string{
		"config.go": "package app\n\n// parseConfig reads the file.\n// parseConfig fails on a bad key.\nfunc parseConfig(path string) error {\n" +
			strings.Repeat("\tcheck(path)\n", 200) + "\treturn nil\n}\n",
		"main.go": "package app\n\nfunc main() {\n\tparseConfig(\"a\")\n\tparseConfig(\"b\")\n\tparseConfig(\"c\")\n}\n",
	}
	ctx := context.Background()
	_, x := indexOf(t, files)
	hits, asPrefix, err := IndexSearcher{Index: x}.Search(ctx, "parseConfig", 10, nil)
	if err != nil || asPrefix != "" {
		t.Fatal(err, asPrefix)
	}
	if len(hits) != 2 || hits[0].Path != "config.go" || !hits[0].Defines || hits[0].Line != 5 ||
		!strings.HasPrefix(hits[0].Snippet, "func parseConfig(") || hits[1].Defines {
		t.Errorf("hits = %+v, want config.go first, defining it on line 5, then main.go", hits)
	}
	// def: keeps the defining file only.
	hits, _, err = IndexSearcher{Index: x}.Search(ctx, "def:parseConfig", 10, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 1 || hits[0].Path != "config.go" || !hits[0].Defines || hits[0].Line != 5 {
		t.Errorf("def:parseConfig hits = %+v, want config.go alone, on line 5", hits)
	}
	// Part of a name is answered for the words starting with it.
	hits, asPrefix, err = IndexSearcher{Index: x}.Search(ctx, "parseConf", 10, nil)
	if err != nil {
		t.Fatal(err)
	}
	if asPrefix != "parseConf*" || len(hits) != 2 {
		t.Errorf("parseConf = %+v as %q, want both files as parseConf*", hits, asPrefix)
	}
}

// When every hit of the query is a file the agent may not read, the
// tool still asks the last word as a prefix, and answers with what the
// agent may read, saying so.
func TestSearchToolAsksAPrefixWhenEveryHitIsDenied(t *testing.T) {
	files := map[string]string{
		"secret.go": "package app\n\nvar handleReq = 1\n",
		"srv.go":    "package app\n\nfunc handleRequest() {}\n",
	}
	ctx := context.Background()
	ws, x := indexOf(t, files)
	if res, err := x.Search(ctx, "handleReq", 10); err != nil || len(res.Hits) != 1 || res.Hits[0].Path != "secret.go" {
		t.Fatalf("handleReq = %+v, %v; want secret.go alone", res.Hits, err)
	}
	pol := &permission.Policy{Rules: []permission.Rule{{Kind: permission.KindRead, Pattern: "secret.go", Effect: permission.Deny}}}
	list, err := tools.Builtin(tools.Config{Workspace: ws, Policy: pol, Search: IndexSearcher{Index: x}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range list {
		if tl.Definition().Name != "search" {
			continue
		}
		out, err := tl.Run(ctx, []byte(`{"query":"handleReq"}`))
		want := "No results for \"handleReq\"; words starting with it (handleReq*):\nsrv.go:3"
		if err != nil || !strings.HasPrefix(out, want) || strings.Contains(out, "secret") {
			t.Errorf("search handleReq = %q, %v; want it to start %q", out, err, want)
		}
		return
	}
	t.Fatal("no search tool")
}

// indexOf writes files into a new workspace and returns it with its
// built index.
func indexOf(t *testing.T, files map[string]string) (string, *knowledge.Index) {
	t.Helper()
	ws := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(ws, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	x, err := knowledge.Open(ctx, knowledge.Options{Workspace: ws, CacheDir: t.TempDir(), NoWatch: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	if err := x.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	return ws, x
}
