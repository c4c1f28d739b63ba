package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/edit"
	"github.com/hearth-agent/hearth/agent/tool"
)

// summarize runs the real tool with args and summarises what it returned,
// so a tool whose output changes shape breaks its summary's test.
func summarize(t *testing.T, tl tool.Tool, a any) string {
	t.Helper()
	raw, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	out, runErr := tl.Run(context.Background(), raw)
	f := Finished{Name: tl.Definition().Name, Args: raw, Status: tool.StatusOf(context.Background(), runErr), Output: out}
	if code, ok := tool.ExitCode(runErr); ok {
		f.ExitCode = &code
	} else if runErr != nil {
		f.Output = "Error: " + runErr.Error()
	}
	return Summarize(f)
}

func check(t *testing.T, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
}

func TestSummaryReadFile(t *testing.T) {
	_, tl := newWS(t, map[string]string{"redact/redact.go": strings.Repeat("line\n", 60), "empty.txt": ""}, Config{})
	check(t, summarize(t, tl["read_file"], ReadFileParams{Path: "redact/redact.go"}), "Read redact/redact.go · 60 lines")
	check(t, summarize(t, tl["read_file"], ReadFileParams{Path: "redact/redact.go", Offset: 11, Limit: 10}), "Read redact/redact.go · lines 11–20 of 60")
	check(t, summarize(t, tl["read_file"], ReadFileParams{Path: "empty.txt"}), "Read empty.txt · empty")
	check(t, summarize(t, tl["read_file"], ReadFileParams{Path: "redact"}), "Read redact · failed: redact is a directory — use list_dir")
}

func TestSummaryGrep(t *testing.T) {
	_, tl := newWS(t, map[string]string{
		"a.go": "MinValueLen\nMinValueLen\n", "b.go": "x := MinValueLen\n", "c/d.go": "// MinValueLen\n", "e.go": "none\n",
	}, Config{})
	check(t, summarize(t, tl["grep"], GrepParams{Pattern: "MinValueLen", Path: "."}), `grep "MinValueLen" · 4 matches in 3 files`)
	check(t, summarize(t, tl["grep"], GrepParams{Pattern: "MinValueLen", MaxResults: 2}), `grep "MinValueLen" · 4 matches in 3 files`)
	check(t, summarize(t, tl["grep"], GrepParams{Pattern: "MinValueLen", Path: "c"}), `grep "MinValueLen" in c · 1 match in 1 file`)
	check(t, summarize(t, tl["grep"], GrepParams{Pattern: "absent"}), `grep "absent" · no matches`)
}

func TestSummaryShell(t *testing.T) {
	_, tl := newWS(t, map[string]string{"a.txt": "hi\n"}, Config{Approve: ApproveAll})
	check(t, summarize(t, tl["shell"], ShellParams{Command: "grep -q bye a.txt"}), "Ran grep -q bye a.txt · exit 1")
	check(t, summarize(t, tl["shell"], ShellParams{Command: "cat a.txt"}), "Ran cat a.txt")
	check(t, summarize(t, tl["shell"], ShellParams{Command: "rm -rf ~"}), "Ran rm -rf ~ · denied")
	long := "echo " + strings.Repeat("x", 80)
	if got := summarize(t, tl["shell"], ShellParams{Command: long}); len([]rune(got)) > 64 || !strings.HasSuffix(got, "…") {
		t.Errorf("a long command's summary %q is not clipped", got)
	}
}

func TestSummaryEditFile(t *testing.T) {
	_, tl := newWS(t, map[string]string{"m.go": "a\nb\nc\n"}, Config{Approve: ApproveAll})
	mustRun(t, tl["read_file"], ReadFileParams{Path: "m.go"})
	check(t, summarize(t, tl["edit_file"], EditFileParams{Path: "m.go", Edits: []edit.Edit{{Search: "b\n", Replace: "B\nB2\n"}}}), "Edited m.go · +2 −1")
	check(t, summarize(t, tl["edit_file"], EditFileParams{Path: "m.go", Edits: []edit.Edit{{Search: "zzz", Replace: "y"}}})[:len("Edited m.go · failed: ")], "Edited m.go · failed: ")
}

func TestSummaryWriteFile(t *testing.T) {
	_, tl := newWS(t, nil, Config{Approve: ApproveAll})
	check(t, summarize(t, tl["write_file"], WriteFileParams{Path: "new.txt", Content: "one\ntwo\n"}), "Created new.txt · 2 lines")
	mustRun(t, tl["read_file"], ReadFileParams{Path: "new.txt"})
	check(t, summarize(t, tl["write_file"], WriteFileParams{Path: "new.txt", Content: "one\n"}), "Replaced new.txt · 1 line")
}

func TestSummaryListDir(t *testing.T) {
	_, tl := newWS(t, map[string]string{"a.txt": "", "src/b.go": "", "src/c.go": ""}, Config{})
	check(t, summarize(t, tl["list_dir"], ListDirParams{Depth: 1}), "Listed the workspace root · 2 entries")
	check(t, summarize(t, tl["list_dir"], ListDirParams{Path: "src"}), "Listed src · 2 entries")
	check(t, summarize(t, tl["list_dir"], ListDirParams{Depth: 2}), "Listed the workspace root · 4 entries")
	check(t, summarize(t, tl["list_dir"], ListDirParams{Path: "nope"})[:len("Listed nope · failed: ")], "Listed nope · failed: ")
}

func TestSummaryGlob(t *testing.T) {
	_, tl := newWS(t, map[string]string{"a.go": "", "src/b.go": "", "c.txt": ""}, Config{})
	check(t, summarize(t, tl["glob"], GlobParams{Pattern: "**/*.go"}), `glob "**/*.go" · 2 files`)
	check(t, summarize(t, tl["glob"], GlobParams{Pattern: "*.rs"}), `glob "*.rs" · no files`)
}

func TestSummarySearch(t *testing.T) {
	idx := indexFunc(func(ctx context.Context, q string, limit int) ([]Hit, error) {
		if q == "nothing" {
			return nil, nil
		}
		return []Hit{{Path: "a.go", Line: 3, Snippet: "func Retry()\nmore", Defines: true}, {Path: "b.md"}, {Path: "c.go", Line: 9, Snippet: "retry()"}}, nil
	})
	_, tl := newWS(t, nil, Config{Search: idx})
	check(t, summarize(t, tl["search"], SearchParams{Query: "retry"}), `Searched "retry" · 3 results`)
	check(t, summarize(t, tl["search"], SearchParams{Query: "nothing"}), `Searched "nothing" · no results`)
}

func TestSummaryTodo(t *testing.T) {
	_, tl := newWS(t, nil, Config{})
	check(t, summarize(t, tl["todo"], TodoParams{Items: []TodoItem{{Content: "a", Status: TodoDone}, {Content: "b", Status: TodoInProgress}}}),
		"Updated the checklist · 1 of 2 done")
	check(t, summarize(t, tl["todo"], TodoParams{Items: []TodoItem{}}), "Cleared the checklist")
}

func TestSummaryOtherTool(t *testing.T) {
	check(t, Summarize(Finished{Name: "mcp__docs__fetch", Args: json.RawMessage(`{"url":"https://example.com"}`), Status: tool.StatusSucceeded}),
		"mcp__docs__fetch https://example.com")
	check(t, Summarize(Finished{Name: "ping", Args: json.RawMessage(`not json`), Status: tool.StatusCanceled}), "ping · canceled")
}

// A failed call's summary carries no duration of its own: the row shows the measured one.
func TestSummaryFailureWithoutDuration(t *testing.T) {
	for _, tt := range []struct{ out, want string }{
		{"exit code: 124 (1m2.5s)\nslow", "Ran sleep 9 · failed: exit code: 124"},
		{"exit code: 1 (812ms)", "Ran sleep 9 · failed: exit code: 1"},
		{"exit code: 1 (12µs)", "Ran sleep 9 · failed: exit code: 1"},
		{"no such file (hi)", "Ran sleep 9 · failed: no such file (hi)"},
	} {
		raw, _ := json.Marshal(ShellParams{Command: "sleep 9"})
		check(t, Summarize(Finished{Name: "shell", Args: raw, Status: tool.StatusFailed, Output: tt.out}), tt.want)
	}
}
