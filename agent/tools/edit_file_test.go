package tools

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/confine"
	"github.com/hearth-agent/hearth/agent/edit"
	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/tool"
)

// snapRecorder is a Snapshotter that records what it was asked to keep and
// the file's content at that moment.
type snapRecorder struct {
	mu     sync.Mutex
	before map[string]string
}

func (s *snapRecorder) Before(ctx context.Context, abs string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.before == nil {
		s.before = map[string]string{}
	}
	b, err := os.ReadFile(abs)
	if errors.Is(err, os.ErrNotExist) {
		s.before[abs] = "<absent>"
		return nil
	}
	s.before[abs] = string(b)
	return err
}

func TestEditFileStaleProtection(t *testing.T) {
	dir, tl := newWS(t, map[string]string{"a.go": "package a\n\nfunc A() {}\n"}, Config{Approve: ApproveEdits})
	ef := tl["edit_file"]
	args := EditFileParams{Path: "a.go", Edits: []edit.Edit{{Search: "func A() {}", Replace: "func A() int { return 1 }"}}}

	if _, err := run(t, ef, args); !errors.Is(err, ErrStale) || !strings.Contains(err.Error(), "read it first") {
		t.Fatalf("edit before reading: %v", err)
	}
	mustRun(t, tl["read_file"], ReadFileParams{Path: "a.go"})
	// The user changes the file behind the agent's back.
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\nfunc A() {}\n// user\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := run(t, ef, args); !errors.Is(err, ErrStale) || !strings.Contains(err.Error(), "changed since you read it — read it again") {
		t.Fatalf("edit after outside change: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.go")); !strings.Contains(string(b), "// user") || strings.Contains(string(b), "return 1") {
		t.Fatalf("file touched by a refused edit: %q", b)
	}
	mustRun(t, tl["read_file"], ReadFileParams{Path: "a.go"})
	out := mustRun(t, ef, args)
	if !strings.Contains(out, "Applied 1 edit to a.go") || !strings.Contains(out, "+func A() int { return 1 }") {
		t.Fatalf("output: %s", out)
	}
	// Its own edit does not make the file stale.
	mustRun(t, ef, EditFileParams{Path: "a.go", Edits: []edit.Edit{{Search: "// user", Replace: "// user 2"}}})
	b, _ := os.ReadFile(filepath.Join(dir, "a.go"))
	if string(b) != "package a\n\nfunc A() int { return 1 }\n// user 2\n" {
		t.Fatalf("content: %q", b)
	}
}

func TestEditFileCases(t *testing.T) {
	snap := &snapRecorder{}
	dir, tl := newWS(t, map[string]string{
		"crlf.txt": "one\r\ntwo\r\n",
		"dup.txt":  "x\ny\nx\n",
		"other.go": "func Elsewhere() {}\n",
		"main.go":  "package main\n",
	}, Config{Approve: ApproveEdits, Snapshot: snap})
	ef := tl["edit_file"]
	for _, f := range []string{"crlf.txt", "dup.txt", "main.go"} {
		mustRun(t, tl["read_file"], ReadFileParams{Path: f})
	}
	if err := os.Chmod(filepath.Join(dir, "crlf.txt"), 0o755); err != nil {
		t.Fatal(err)
	}
	mustRun(t, ef, EditFileParams{Path: "crlf.txt", Edits: []edit.Edit{{Search: "two", Replace: "two\nthree"}}})
	b, _ := os.ReadFile(filepath.Join(dir, "crlf.txt"))
	if string(b) != "one\r\ntwo\r\nthree\r\n" {
		t.Errorf("CRLF not kept: %q", b)
	}
	if fi, _ := os.Stat(filepath.Join(dir, "crlf.txt")); fi.Mode().Perm() != 0o755 {
		t.Errorf("mode not kept: %v", fi.Mode())
	}
	if got := snap.before[filepath.Join(dir, "crlf.txt")]; got != "one\r\ntwo\r\n" {
		t.Errorf("snapshot = %q", got)
	}

	_, err := run(t, ef, EditFileParams{Path: "dup.txt", Edits: []edit.Edit{{Search: "x", Replace: "z"}}})
	var amb *edit.AmbiguousError
	if !errors.As(err, &amb) || !strings.Contains(err.Error(), "1") || !strings.Contains(err.Error(), "3") {
		t.Errorf("ambiguous edit: %v", err)
	}

	_, err = run(t, ef, EditFileParams{Path: "main.go", Edits: []edit.Edit{{Search: "func Elsewhere() {}", Replace: "x"}}})
	var nm *edit.NoMatchError
	if !errors.As(err, &nm) || !strings.Contains(err.Error(), "other.go:1") {
		t.Errorf("no match should point elsewhere: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "other.go")); string(b) != "func Elsewhere() {}\n" {
		t.Error("an edit was applied to another file")
	}

	// Creation with parent directories needs no prior read.
	mustRun(t, ef, EditFileParams{Path: "new/dir/f.txt", Edits: []edit.Edit{{Search: "", Replace: "hello\n"}}})
	if b, _ := os.ReadFile(filepath.Join(dir, "new", "dir", "f.txt")); string(b) != "hello\n" {
		t.Errorf("created: %q", b)
	}
	if got := snap.before[filepath.Join(dir, "new", "dir", "f.txt")]; got != "<absent>" {
		t.Errorf("snapshot of a new file = %q", got)
	}
	if _, err := run(t, ef, EditFileParams{Path: "missing.txt", Edits: []edit.Edit{{Search: "a", Replace: "b"}}}); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing file: %v", err)
	}
	if _, err := run(t, ef, EditFileParams{Path: ".git/config", Edits: []edit.Edit{{Search: "", Replace: "x"}}}); !errors.Is(err, confine.ErrProtected) {
		t.Errorf(".git write: %v", err)
	}
	if _, err := run(t, ef, EditFileParams{Path: "../x", Edits: []edit.Edit{{Search: "", Replace: "x"}}}); !errors.Is(err, confine.ErrOutside) {
		t.Errorf("outside write: %v", err)
	}
}

func TestEditNeedsApproval(t *testing.T) {
	var seen []permission.Request
	approver := permission.ApproverFunc(func(ctx context.Context, r permission.Request) (permission.Decision, error) {
		seen = append(seen, r)
		return permission.Decision{Choice: permission.Reject, Note: "not that file"}, nil
	})
	dir, tl := newWS(t, map[string]string{"a.txt": "old\n"}, Config{Approver: approver})
	mustRun(t, tl["read_file"], ReadFileParams{Path: "a.txt"})
	_, err := run(t, tl["edit_file"], EditFileParams{Path: "a.txt", Edits: []edit.Edit{{Search: "old", Replace: "new"}}})
	var de *tool.DeniedError
	if !errors.As(err, &de) || de.Note != "not that file" {
		t.Fatalf("err = %v", err)
	}
	if len(seen) != 1 || !strings.Contains(seen[0].Diff, "-old\n+new") || seen[0].Path != "a.txt" {
		t.Fatalf("approval request: %+v", seen)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(b) != "old\n" {
		t.Fatalf("denied edit was written: %q", b)
	}
	// Headless with no approver and mode never: denied, not hung.
	_, tl2 := newWS(t, map[string]string{"a.txt": "old\n"}, Config{})
	mustRun(t, tl2["read_file"], ReadFileParams{Path: "a.txt"})
	if _, err := run(t, tl2["write_file"], WriteFileParams{Path: "a.txt", Content: "x"}); !errors.As(err, &de) {
		t.Fatalf("headless write: %v", err)
	}
}

func TestWriteFile(t *testing.T) {
	dir, tl := newWS(t, map[string]string{"keep.sh": "#!/bin/sh\n"}, Config{Approve: ApproveEdits})
	wf := tl["write_file"]
	if err := os.Chmod(filepath.Join(dir, "keep.sh"), 0o700); err != nil {
		t.Fatal(err)
	}
	out := mustRun(t, wf, WriteFileParams{Path: "a/b/new.txt", Content: "x\ny\n"})
	if !strings.Contains(out, "Created a/b/new.txt (2 lines") {
		t.Errorf("output %q", out)
	}
	if _, err := run(t, wf, WriteFileParams{Path: "keep.sh", Content: "echo\n"}); !errors.Is(err, ErrStale) {
		t.Errorf("overwrite unread file: %v", err)
	}
	mustRun(t, tl["read_file"], ReadFileParams{Path: "keep.sh"})
	out = mustRun(t, wf, WriteFileParams{Path: "keep.sh", Content: "echo hi\n"})
	if !strings.Contains(out, "Replaced keep.sh") {
		t.Errorf("output %q", out)
	}
	if fi, _ := os.Stat(filepath.Join(dir, "keep.sh")); fi.Mode().Perm() != 0o700 {
		t.Errorf("mode %v", fi.Mode())
	}
	// Written content counts as seen: it can be rewritten at once.
	mustRun(t, wf, WriteFileParams{Path: "a/b/new.txt", Content: "z\n"})
	if _, err := run(t, wf, WriteFileParams{Path: ".hearth/permissions.json", Content: "{}"}); !errors.Is(err, confine.ErrProtected) {
		t.Errorf("config write: %v", err)
	}
}

// TestStateSpansTurns: the app builds tools per turn; with one State the
// model's reads and the session's grants carry over, with a new one not.
func TestStateSpansTurns(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	asks := 0
	approver := permission.ApproverFunc(func(ctx context.Context, r permission.Request) (permission.Decision, error) {
		asks++
		return permission.Decision{Choice: permission.AllowSession}, nil
	})
	build := func(st *State) map[string]tool.Tool {
		list, err := Builtin(Config{Workspace: dir, Approver: approver, State: st})
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]tool.Tool{}
		for _, x := range list {
			m[x.Definition().Name] = x
		}
		return m
	}
	st := NewState()
	mustRun(t, build(st)["read_file"], ReadFileParams{Path: "a.txt"})
	mustRun(t, build(st)["edit_file"], EditFileParams{Path: "a.txt", Edits: []edit.Edit{{Search: "one", Replace: "two"}}})
	mustRun(t, build(st)["edit_file"], EditFileParams{Path: "a.txt", Edits: []edit.Edit{{Search: "two", Replace: "three"}}})
	if asks != 1 {
		t.Errorf("asked %d times; the session grant should cover the second turn", asks)
	}
	if _, err := run(t, build(NewState())["edit_file"], EditFileParams{Path: "a.txt", Edits: []edit.Edit{{Search: "three", Replace: "four"}}}); !errors.Is(err, ErrStale) {
		t.Errorf("a new session edited an unread file: %v", err)
	}
}
