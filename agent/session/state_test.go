package session

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/redact"
)

// A session keeps its mode and todo list: read back by Get, List and Load,
// copied into a fork, shown (redacted) in a Markdown export.
func TestSessionKeepsModeAndTodos(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	sess, err := s.Create(ctx, NewSession{Workspace: "/ws", Provider: "openai", Model: "m", Mode: "plan"})
	if err != nil {
		t.Fatal(err)
	}
	if got := mustLoad(t, s, sess.ID).Session; got.Mode != "plan" || got.Todos != nil {
		t.Fatalf("new session: mode %q, todos %v", got.Mode, got.Todos)
	}
	todos := []Todo{{Content: "Write notes.txt with sk-abcdefghijklmnopqrstuvwx", Status: "completed"},
		{Content: "Say what changed", Status: "in_progress"}, {Content: "Run tests", Status: "pending"}}
	if err := s.SetMode(ctx, sess.ID, "edits"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetTodos(ctx, sess.ID, todos); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Mode != "edits" || !reflect.DeepEqual(got.Todos, todos) {
		t.Errorf("Get: mode %q, todos %+v", got.Mode, got.Todos)
	}
	list, err := s.List(ctx, ListOptions{})
	if err != nil || len(list) != 1 || list[0].Mode != "edits" || len(list[0].Todos) != 3 {
		t.Errorf("List: %+v, %v", list, err)
	}
	m := mustUser(t, s, sess.ID, "do it")
	fork, err := s.Fork(ctx, sess.ID, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if f := mustLoad(t, s, fork.ID).Session; f.Mode != "edits" || !reflect.DeepEqual(f.Todos, todos) {
		t.Errorf("fork: mode %q, todos %+v", f.Mode, f.Todos)
	}
	var buf bytes.Buffer
	if err := Export(&buf, mustLoad(t, s, sess.ID), FormatMarkdown, redact.New("sk-abcdefghijklmnopqrstuvwx")); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"- Mode: edits\n", "## Todo list\n\n- [x] Write notes.txt with ", "- [~] Say what changed\n- [ ] Run tests\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("export lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "sk-abcdefghijklmnopqrstuvwx") {
		t.Error("the export shows a secret from the todo list")
	}
	if err := s.SetTodos(ctx, sess.ID, nil); err != nil {
		t.Fatal(err)
	}
	if got := mustLoad(t, s, sess.ID).Session; got.Todos != nil {
		t.Errorf("cleared todo list reads back as %+v", got.Todos)
	}
	if err := s.SetMode(ctx, "nope", "ask"); !errors.Is(err, ErrNotFound) {
		t.Errorf("SetMode of a missing session: %v", err)
	}
}

// A session keeps the worktree it works in, a fork works in it too, and
// clearing it reads back as none.
func TestSessionKeepsItsWorktree(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	sess, err := s.Create(ctx, NewSession{Workspace: "/data/worktrees/ab12cd34", Provider: "openai", Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	if got := mustLoad(t, s, sess.ID).Session; got.Worktree != "" {
		t.Fatalf("new session's worktree = %q", got.Worktree)
	}
	if err := s.SetWorktree(ctx, sess.ID, "ab12cd34"); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get(ctx, sess.ID); err != nil || got.Worktree != "ab12cd34" {
		t.Fatalf("Get: %q, %v", got.Worktree, err)
	}
	fork, err := s.Fork(ctx, sess.ID, mustUser(t, s, sess.ID, "go on").ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := mustLoad(t, s, fork.ID).Session; got.Worktree != "ab12cd34" {
		t.Errorf("fork's worktree = %q", got.Worktree)
	}
	if err := s.SetWorktree(ctx, sess.ID, ""); err != nil {
		t.Fatal(err)
	}
	if got := mustLoad(t, s, sess.ID).Session; got.Worktree != "" {
		t.Errorf("cleared worktree reads %q", got.Worktree)
	}
	if err := s.SetWorktree(ctx, "nope", "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("SetWorktree of a missing session: %v", err)
	}
}
