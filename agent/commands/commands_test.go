package commands_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	. "github.com/hearth-agent/hearth/agent/commands"
	"github.com/hearth-agent/hearth/agent/confine"
	"github.com/hearth-agent/hearth/agent/trust"
	"github.com/hearth-agent/hearth/agent/trust/trusttest"
)

// fixture is a workspace and a home holding commands as Claude Code
// users write them.
func fixture(t *testing.T) (ws, home string) {
	ws, home = t.TempDir(), t.TempDir()
	trusttest.Files(t, ws, map[string]string{
		".claude/commands/review.md":        "---\ndescription: Review a file\nargument-hint: <file> [focus]\nmodel: claude-sonnet-4\nallowed-tools: Bash(git diff:*), Read\n---\nReview $1 with focus on $2.\n\n@$1\n",
		".claude/commands/frontend/lint.md": "Lint the frontend: $ARGUMENTS",
		".hearth/commands/status.md":        "---\ndescription: Summarise the tree\n---\nThe tree:\n!`git status --short`\nSummarise it.",
		"src/x.go":                          "package x\n",
	})
	trusttest.Files(t, home, map[string]string{".claude/commands/mine.md": "# Say hello\nHello $ARGUMENTS"})
	return ws, home
}

func TestLoadReadsBothScopesWithNamespacesAndFrontMatter(t *testing.T) {
	ws, home := fixture(t)
	s, err := Load(Sources{Home: home, Project: trusttest.Open(t, ws, trusttest.Trusted(t, ws)).Commands})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range s.All() {
		names = append(names, string(c.Scope)+":"+c.Name)
	}
	if got, want := strings.Join(names, " "), "project:frontend:lint user:mine project:review project:status"; got != want {
		t.Fatalf("commands = %q, want %q", got, want)
	}
	r, _ := s.Get("review")
	if r.Description != "Review a file" || r.ArgumentHint != "<file> [focus]" || r.Model != "claude-sonnet-4" ||
		strings.Join(r.AllowedTools, "|") != "Bash(git diff:*)|Read" {
		t.Fatalf("front matter = %+v", r)
	}
	if m, _ := s.Get("mine"); m.Description != "Say hello" {
		t.Fatalf("a command without front matter is described by its first line, got %q", m.Description)
	}
}

func TestUntrustedProjectCommandsThatRunAreHeld(t *testing.T) {
	ws, home := fixture(t)
	proj := trusttest.Open(t, ws, trust.NewStore(t.TempDir()))
	s, err := Load(Sources{Home: home, Project: proj.Commands})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Get("status"); ok {
		t.Fatal("an untrusted command with a ! line was loaded")
	}
	// review.md's allowed-tools would let tools run unasked: held too.
	held := proj.Held(trust.KindCommand)
	if len(held) != 2 || !strings.Contains(held[0], ".claude/commands/review.md") || !strings.Contains(held[1], ".hearth/commands/status.md") {
		t.Fatalf("held = %q", held)
	}
	if _, ok := s.Get("mine"); !ok {
		t.Fatal("user commands need no trust")
	}
}

func TestExpand(t *testing.T) {
	ws, _ := fixture(t)
	root, err := confine.Open(ws)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	var ran []string
	env := Env{ReadFile: root.ReadFile, Shell: func(_ context.Context, cmd string) (string, error) {
		ran = append(ran, cmd)
		if cmd == "refused" {
			return "", errors.New("denied by a rule")
		}
		return " M src/x.go\n", nil
	}}
	tests := []struct {
		name, body, args string
		want             []string
		wantErr          string
	}{
		{"positional and file", "Review $1 with focus on $2.\n\n@$1", `src/x.go "error handling"`,
			[]string{"Review src/x.go with focus on error handling.", "<file path=\"src/x.go\">\npackage x\n</file>"}, ""},
		{"all arguments", "Lint: $ARGUMENTS", "a b  c", []string{"Lint: a b  c"}, ""},
		{"arguments appended when unnamed", "Do the thing.", "now", []string{"Do the thing.\n\nARGUMENTS: now"}, ""},
		{"shell line", "Tree:\n!`git status --short`", "", []string{"Tree:\n$ git status --short\n M src/x.go"}, ""},
		{"refused shell line", "!`refused`", "", nil, "denied by a rule"},
		{"file outside the workspace stays text", "see @../../etc/passwd", "", []string{"see @../../etc/passwd"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Command{Body: tt.body}.Expand(context.Background(), tt.args, env)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Fatalf("got %q, want it to contain %q", got, w)
				}
			}
			if strings.Contains(got, "root:") {
				t.Fatal("a file outside the workspace was inlined")
			}
		})
	}
}

func TestSplit(t *testing.T) {
	tests := []struct {
		in, name, args string
		ok             bool
	}{
		{"/review src/x.go", "review", "src/x.go", true},
		{"  /frontend:lint", "frontend:lint", "", true},
		{"/usr/bin/env is a path", "", "", false},
		{"hello /review", "", "", false},
		{"//comment", "", "", false},
	}
	for _, tt := range tests {
		name, args, ok := Split(tt.in)
		if name != tt.name || args != tt.args || ok != tt.ok {
			t.Errorf("Split(%q) = %q, %q, %v; want %q, %q, %v", tt.in, name, args, ok, tt.name, tt.args, tt.ok)
		}
	}
}

func TestCatalogNeverHidesABuiltin(t *testing.T) {
	ws := t.TempDir()
	trusttest.Files(t, ws, map[string]string{".claude/commands/help.md": "not the real help"})
	s, err := Load(Sources{Project: trusttest.Open(t, ws, trust.NewStore(t.TempDir())).Commands})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range Catalog(s, []Entry{{Name: "srv:p", Scope: ScopeMCP}}) {
		if e.Name == "help" {
			n++
			if e.Scope != ScopeBuiltin {
				t.Fatalf("help is %s", e.Scope)
			}
		}
	}
	if n != 1 {
		t.Fatalf("help listed %d times", n)
	}
}

func TestAllowedRules(t *testing.T) {
	rules, ignored := AllowedRules([]string{"Bash(git diff:*)", "Bash(npm run build)", "Bash", "Edit(/src/**)", "Write",
		"Read", "mcp__github__get_issue", "WebFetch", "WebFetch(domain:docs.example.com)", "WebSearch", "Bash(git", "NotebookEdit"})
	got := make([]string, 0, len(rules))
	for _, r := range rules {
		got = append(got, string(r.Kind)+":"+r.Pattern+":"+string(r.Effect))
	}
	want := []string{"shell:git diff *:allow", "shell:npm run build:allow", "shell::allow", "edit:src/**:allow", "edit::allow",
		"mcp:mcp__github__get_issue:allow", "web_fetch::allow", "web_fetch:docs.example.com:allow", "web_search::allow"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("rules = %v, want %v", got, want)
	}
	if strings.Join(ignored, "|") != "Bash(git|NotebookEdit" {
		t.Errorf("ignored = %v", ignored)
	}
}
