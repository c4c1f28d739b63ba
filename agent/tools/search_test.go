package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/tool"
)

func TestGlob(t *testing.T) {
	_, tl := newWS(t, map[string]string{
		"main.go": "", "pkg/a.go": "", "pkg/sub/b.go": "", "pkg/b_test.go": "", "README.md": "",
		"node_modules/x/y.go": "", "gen/z.go": "", ".gitignore": "gen/\n",
	}, Config{})
	g := tl["glob"]
	tests := []struct {
		args GlobParams
		want []string
	}{
		{GlobParams{Pattern: "**/*.go"}, []string{"main.go", "pkg/a.go", "pkg/b_test.go", "pkg/sub/b.go"}},
		{GlobParams{Pattern: "*.go"}, []string{"main.go", "pkg/a.go", "pkg/b_test.go", "pkg/sub/b.go"}},
		{GlobParams{Pattern: "pkg/*.go"}, []string{"pkg/a.go", "pkg/b_test.go"}},
		{GlobParams{Pattern: "*_test.go", Path: "pkg"}, []string{"pkg/b_test.go"}},
		{GlobParams{Pattern: "*.{md,txt}"}, []string{"README.md"}},
	}
	for _, tt := range tests {
		out := mustRun(t, g, tt.args)
		if got := strings.Split(out, "\n"); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("glob %+v = %q, want %q", tt.args, got, tt.want)
		}
	}
	if out := mustRun(t, g, GlobParams{Pattern: "*.rs"}); !strings.HasPrefix(out, "No files match") {
		t.Errorf("no match: %q", out)
	}
	if _, err := run(t, g, GlobParams{Pattern: "[", Path: "."}); err == nil {
		t.Error("invalid pattern accepted")
	}
	if _, err := run(t, g, GlobParams{Pattern: "*", Path: "/etc"}); err == nil {
		t.Error("glob outside the workspace accepted")
	}
}

func TestGrep(t *testing.T) {
	_, tl := newWS(t, map[string]string{
		"a.go":              "package a\n// TODO: one\nfunc A() {}\n",
		"b/c.go":            "x\r\n// todo lower\r\n",
		"b/d.txt":           "TODO in text\n",
		"bin.dat":           "TODO\x00binary",
		"ignored/x.go":      "// TODO ignored\n",
		".gitignore":        "ignored/\n",
		"node_modules/m.js": "// TODO vendored\n",
	}, Config{})
	g := tl["grep"]
	out := mustRun(t, g, GrepParams{Pattern: "TODO"})
	want := "a.go:2: // TODO: one\nb/d.txt:1: TODO in text"
	if out != want {
		t.Errorf("grep TODO =\n%s\nwant\n%s", out, want)
	}
	out = mustRun(t, g, GrepParams{Pattern: "todo", IgnoreCase: true, Include: "*.go"})
	if out != "a.go:2: // TODO: one\nb/c.go:2: // todo lower" {
		t.Errorf("ignore case + include =\n%q", out)
	}
	out = mustRun(t, g, GrepParams{Pattern: "^func", Path: "a.go"})
	if out != "a.go:3: func A() {}" {
		t.Errorf("single file = %q", out)
	}
	if _, err := run(t, g, GrepParams{Pattern: "a(b"}); err == nil || !strings.Contains(err.Error(), "invalid regular expression") {
		t.Errorf("bad regex: %v", err)
	}
	if out := mustRun(t, g, GrepParams{Pattern: "nothing-here"}); !strings.HasPrefix(out, "No matches") {
		t.Errorf("no match: %q", out)
	}
}

func TestGrepCap(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "match %d\n", i)
	}
	_, tl := newWS(t, map[string]string{"many.txt": b.String(), "more.txt": "match x\n"}, Config{})
	out := mustRun(t, tl["grep"], GrepParams{Pattern: "match", MaxResults: 50})
	lines := strings.Split(out, "\n")
	if len(lines) != 51 || !strings.Contains(lines[50], "showing 50 of 301 matches in 2 files") {
		t.Errorf("capped output (%d lines):\n%s", len(lines), out)
	}
	// Past ten times the cap, counting stops.
	out = mustRun(t, tl["grep"], GrepParams{Pattern: "match", MaxResults: 10})
	lines = strings.Split(out, "\n")
	if len(lines) != 11 || !strings.Contains(lines[10], "showing 10 of more than") {
		t.Errorf("capped output (%d lines):\n%s", len(lines), out)
	}
}

func TestTodo(t *testing.T) {
	list := &TodoList{}
	var got []TodoItem
	list.OnChange(func(items []TodoItem) { got = items })
	_, tl := newWS(t, nil, Config{Todos: list})
	out := mustRun(t, tl["todo"], TodoParams{Items: []TodoItem{{"Read code", TodoDone}, {"Fix bug", TodoInProgress}, {"Test", TodoPending}}})
	if out != "[x] Read code\n[~] Fix bug\n[ ] Test\n(1 of 3 done)" {
		t.Errorf("render = %q", out)
	}
	if len(got) != 3 || got[1].Status != TodoInProgress || len(list.Items()) != 3 {
		t.Errorf("UI saw %+v", got)
	}
	if _, err := run(t, tl["todo"], TodoParams{Items: []TodoItem{{"x", "doing"}}}); err == nil {
		t.Error("bad status accepted")
	}
	if len(list.Items()) != 3 {
		t.Error("a rejected update changed the list")
	}
}

type indexFunc func(ctx context.Context, q string, limit int) ([]Hit, error)

func (f indexFunc) Search(ctx context.Context, q string, limit int, _ func(source, path string) bool) ([]Hit, string, error) {
	hits, err := f(ctx, q, limit)
	return hits, "", err
}

// prefixIndex answers as an index asked to retry a query's last word as
// a prefix: asPrefix maps a query to the one that answered it.
type prefixIndex struct {
	asPrefix map[string]string
	hits     []Hit
}

func (p prefixIndex) Search(_ context.Context, q string, _ int, _ func(source, path string) bool) ([]Hit, string, error) {
	if wider, ok := p.asPrefix[q]; ok {
		return p.hits, wider, nil
	}
	return nil, "", nil
}

func TestSearchTool(t *testing.T) {
	var gotLimit int
	idx := indexFunc(func(ctx context.Context, q string, limit int) ([]Hit, error) {
		gotLimit = limit
		if q == "fail" {
			return nil, errors.New("index not ready")
		}
		if q == "how is a retry delayed" {
			return []Hit{{Path: "a.go", Line: 3, Snippet: "func RetryDelay()", Defines: true, Matched: "retry, delayed (definition: RetryDelay)"}}, nil
		}
		return []Hit{{Path: "a.go", Line: 3, Snippet: "func Retry()", Defines: true}, {Path: "b.md", Snippet: ""}}, nil
	})
	_, tl := newWS(t, nil, Config{Search: idx})
	out := mustRun(t, tl["search"], SearchParams{Query: "retry"})
	if out != "a.go:3 (definition)\n    func Retry()\nb.md" || gotLimit != searchDefaultLimit {
		t.Errorf("search = %q (limit %d)", out, gotLimit)
	}
	// A question's hit says which of its words the file holds.
	if out := mustRun(t, tl["search"], SearchParams{Query: "how is a retry delayed"}); out != "a.go:3 (definition)\n    matched: retry, delayed (definition: RetryDelay)\n    func RetryDelay()" {
		t.Errorf("question = %q", out)
	}
	if _, err := run(t, tl["search"], SearchParams{Query: "fail"}); err == nil || !strings.Contains(err.Error(), "index not ready") {
		t.Errorf("index error: %v", err)
	}
	_, without := newWS(t, nil, Config{})
	if _, ok := without["search"]; ok {
		t.Error("search tool offered without an index")
	}
}

// An answer for the last word as a prefix, or for any word of a sentence,
// says so, with the query that gave it (the rules themselves are the
// index's: knowledge.RetryAsPrefix, knowledge.AnyWord).
func TestSearchToolSaysWhenTheLastWordWasAPrefix(t *testing.T) {
	idx := prefixIndex{
		asPrefix: map[string]string{" server handleReq ": "server handleReq*", "secretNa": "secretNa*",
			"where are requests handled": "requests OR handled"},
		hits: []Hit{{Path: "srv.go", Line: 7, Snippet: "func handleRequest()"}},
	}
	pol := &permission.Policy{Rules: []permission.Rule{{Kind: permission.KindRead, Pattern: "srv.go", Effect: permission.Deny}}}
	_, tl := newWS(t, map[string]string{"srv.go": "func handleRequest()\n"}, Config{Search: idx})
	_, denied := newWS(t, map[string]string{"srv.go": "func handleRequest()\n"}, Config{Search: idx, Policy: pol})
	tests := []struct {
		tools       map[string]tool.Tool
		query, want string
	}{
		{tl, " server handleReq ", "No results for \" server handleReq \"; words starting with it (server handleReq*):\nsrv.go:7\n    func handleRequest()"},
		{tl, "zzqq", `No results for "zzqq".`},
		{tl, "where are requests handled", "No file has all of \"where are requests handled\"; files with any of its words (requests OR handled):\nsrv.go:7\n    func handleRequest()"},
		{denied, "secretNa", `No results for "secretNa".`}, // the prefix's hits are all hidden
	}
	for _, tt := range tests {
		if out := mustRun(t, tt.tools["search"], SearchParams{Query: tt.query}); out != tt.want {
			t.Errorf("search %q = %q, want %q", tt.query, out, tt.want)
		}
	}
}

// TestDefinitions checks every tool's schema is valid JSON whose properties
// are exactly the params struct's fields.
func TestDefinitions(t *testing.T) {
	_, tl := newWS(t, nil, Config{Search: indexFunc(nil)})
	params := map[string]any{
		"read_file": ReadFileParams{}, "list_dir": ListDirParams{}, "glob": GlobParams{}, "grep": GrepParams{},
		"write_file": WriteFileParams{}, "edit_file": EditFileParams{}, "shell": ShellParams{},
		"todo": TodoParams{}, "search": SearchParams{},
	}
	if len(tl) != len(params) {
		t.Fatalf("got %d tools, want %d", len(tl), len(params))
	}
	for name, tl := range tl {
		def := tl.Definition()
		var schema struct {
			Type       string                     `json:"type"`
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
		}
		if err := json.Unmarshal(def.Parameters, &schema); err != nil {
			t.Errorf("%s: schema: %v", name, err)
			continue
		}
		if len(def.Description) < 80 {
			t.Errorf("%s: description too thin for a model", name)
		}
		typ := reflect.TypeOf(params[name])
		fields := map[string]bool{}
		for i := range typ.NumField() {
			tag, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			fields[tag] = true
			if _, ok := schema.Properties[tag]; !ok {
				t.Errorf("%s: field %q missing from the schema", name, tag)
			}
		}
		for p := range schema.Properties {
			if !fields[p] {
				t.Errorf("%s: schema property %q is not a field", name, p)
			}
		}
		for _, r := range schema.Required {
			if !fields[r] {
				t.Errorf("%s: required %q is not a field", name, r)
			}
		}
	}
}

func TestReadDenyRules(t *testing.T) {
	pol := &permission.Policy{Rules: []permission.Rule{{Kind: permission.KindRead, Pattern: "**/.env", Effect: permission.Deny}}}
	idx := indexFunc(func(context.Context, string, int) ([]Hit, error) { // the index holds every file
		return []Hit{{Path: ".env", Line: 1, Snippet: "KEY=secret"}, {Path: "a.txt", Line: 1, Snippet: "KEY=public"},
			{Path: "sub/.env", Line: 1, Snippet: "KEY=secret"}}, nil
	})
	_, tl := newWS(t, map[string]string{".env": "KEY=secret\n", "sub/.env": "KEY=secret\n", "a.txt": "KEY=public\n"}, Config{Policy: pol, Search: idx})
	var de *tool.DeniedError
	if _, err := run(t, tl["read_file"], ReadFileParams{Path: ".env"}); !errors.As(err, &de) {
		t.Errorf("read_file .env: %v", err)
	}
	if out := mustRun(t, tl["grep"], GrepParams{Pattern: "KEY"}); out != "a.txt:1: KEY=public" {
		t.Errorf("grep showed denied files: %q", out)
	}
	if _, err := run(t, tl["grep"], GrepParams{Pattern: "KEY", Path: "sub/.env"}); !errors.As(err, &de) {
		t.Errorf("grep on a denied file: %v", err)
	}
	if out := mustRun(t, tl["list_dir"], ListDirParams{}); strings.Contains(out, ".env") {
		t.Errorf("list_dir showed denied files: %q", out)
	}
	if out := mustRun(t, tl["glob"], GlobParams{Pattern: "**/.env"}); !strings.HasPrefix(out, "No files") {
		t.Errorf("glob showed denied files: %q", out)
	}
	if out := mustRun(t, tl["search"], SearchParams{Query: "KEY"}); out != "a.txt:1\n    KEY=public" {
		t.Errorf("search showed denied files: %q", out)
	}
}

// The index follows symlinks out of the workspace, where the agent may
// not read: search leaves those hits out, and labels knowledge folders.
func TestSearchLeavesOutLinksLeadingOutside(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("token\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	hits := []Hit{{Path: "linked/secret.txt", Line: 1, Snippet: "token"}, {Path: "secret.txt", Line: 1, Snippet: "token"},
		{Path: "a.txt", Line: 1, Snippet: "token here"}, {Path: "n.md", Source: "notes", Line: 2, Snippet: "token note"}}
	idx := indexFunc(func(context.Context, string, int) ([]Hit, error) { return hits, nil })
	dir, tl := newWS(t, map[string]string{"a.txt": "token here\n"}, Config{Search: idx})
	if err := os.Symlink(outside, filepath.Join(dir, "linked")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if err := os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(dir, "secret.txt")); err != nil {
		t.Fatal(err)
	}
	want := "a.txt:1\n    token here\nnotes:n.md:2\n    token note"
	if out := mustRun(t, tl["search"], SearchParams{Query: "token"}); out != want {
		t.Errorf("search = %q, want %q", out, want)
	}
	hits = hits[:2]
	if out := mustRun(t, tl["search"], SearchParams{Query: "token"}); !strings.HasPrefix(out, "No results") {
		t.Errorf("search with only hidden hits = %q", out)
	}
}
