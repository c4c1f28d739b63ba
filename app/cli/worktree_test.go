package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/internal/gittest"
)

// gitIn runs git in dir with a test identity and no user config.
func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	return gittest.Git(t, dir, args...)
}

// gitFolder is a repository with a.txt committed.
func gitFolder(t *testing.T) string {
	t.Helper()
	ws := t.TempDir()
	gitIn(t, ws, "init", "-q")
	os.WriteFile(filepath.Join(ws, "a.txt"), []byte("alpha\n"), 0o644)
	gitIn(t, ws, "add", "-A")
	gitIn(t, ws, "commit", "-q", "-m", "start")
	return ws
}

// folderDigest is what "the folder is unchanged" means.
func folderDigest(t *testing.T, dir string) string {
	t.Helper()
	return gittest.Digest(t, dir)
}

// hearth runs any hearth command in-process with vars as its environment.
func hearth(t *testing.T, vars map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(k string) string { return vars[k] }}
	code := Run(context.Background(), env, args)
	return code, out.String(), errb.String()
}

type doneWorktree struct{ ID, Path, Branch string }

// runWorktree runs "hearth run --worktree --json" on ws with the scripted
// replies and returns the done event's worktree.
func runInWorktree(t *testing.T, vars map[string]string, ws string, replies ...string) doneWorktree {
	t.Helper()
	s := newLLMServer(t, replies...)
	before := folderDigest(t, ws)
	code, out, errOut := runCLI(t, context.Background(), vars, "--workspace", ws, "--provider", "openai-compatible",
		"--model", "m", "--base-url", s.srv.URL+"/v1", "--approve", "edits", "--worktree", "--json", "do it")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	if folderDigest(t, ws) != before {
		t.Fatal("the run changed the workspace folder")
	}
	var wt *doneWorktree
	for _, e := range jsonLines(t, out) {
		if e["type"] != "done" {
			continue
		}
		m, ok := e["worktree"].(map[string]any)
		if !ok {
			t.Fatalf("done event without a worktree: %v", e)
		}
		wt = &doneWorktree{ID: m["id"].(string), Path: m["path"].(string), Branch: m["branch"].(string)}
	}
	if wt == nil || wt.ID == "" {
		t.Fatalf("no done event with a worktree in %s", out)
	}
	if !strings.HasPrefix(wt.Path, vars["HEARTH_DATA_DIR"]) {
		t.Errorf("worktree at %s, not under the data dir", wt.Path)
	}
	return *wt
}

func TestRunWorktreeWritesThereAndApplyLandsIt(t *testing.T) {
	for _, kind := range []string{"git", "snapshot"} {
		t.Run(kind, func(t *testing.T) {
			ws := t.TempDir()
			if kind == "git" {
				ws = gitFolder(t)
			}
			vars := map[string]string{"HEARTH_DATA_DIR": t.TempDir()}
			wt := runInWorktree(t, vars, ws, toolReply("w1", "write_file", `{"path":"b.txt","content":"beta\n"}`), textReply("Wrote b.txt."))
			wantBranch := ""
			if kind == "git" {
				wantBranch = "hearth/" + wt.ID
			}
			if wt.Branch != wantBranch {
				t.Errorf("branch %q, want %q", wt.Branch, wantBranch)
			}
			if b, err := os.ReadFile(filepath.Join(wt.Path, "b.txt")); err != nil || string(b) != "beta\n" {
				t.Fatalf("b.txt in the worktree = %q, %v", b, err)
			}
			code, out, errOut := hearth(t, vars, "worktree", "list", "--workspace", ws, "--json")
			var list []worktreeJSON
			if code != 0 || json.Unmarshal([]byte(out), &list) != nil || len(list) != 1 || list[0].ID != wt.ID || list[0].Path != wt.Path {
				t.Fatalf("list: exit %d %s %s", code, out, errOut)
			}
			if code, out, _ := hearth(t, vars, "worktree", "list"); code != 0 || !strings.Contains(out, wt.ID) {
				t.Errorf("list (text): exit %d %s", code, out)
			}
			code, out, errOut = hearth(t, vars, "worktree", "diff", wt.ID, "--workspace", ws)
			if code != 0 || !strings.Contains(out, "+beta") || !strings.Contains(out, "b.txt") {
				t.Fatalf("diff: exit %d %q %s", code, out, errOut)
			}
			code, out, errOut = hearth(t, vars, "worktree", "apply", wt.ID[:5])
			if code != 0 {
				t.Fatalf("apply: exit %d %s %s", code, out, errOut)
			}
			if b, _ := os.ReadFile(filepath.Join(ws, "b.txt")); string(b) != "beta\n" {
				t.Errorf("b.txt in the folder after apply = %q", b)
			}
			if _, err := os.Stat(wt.Path); !os.IsNotExist(err) {
				t.Error("the worktree is still there after a clean apply")
			}
			if code, out, _ := hearth(t, vars, "worktree", "list", "--json"); code != 0 || strings.TrimSpace(out) != "[]" {
				t.Errorf("list after apply: %d %s", code, out)
			}
		})
	}
}

// A change the folder made to the same lines stops apply: exit 1, the
// file named, the folder byte for byte as it was; discard then removes
// the worktree and its branch.
func TestWorktreeApplyConflictThenDiscard(t *testing.T) {
	ws := gitFolder(t)
	vars := map[string]string{"HEARTH_DATA_DIR": t.TempDir()}
	wt := runInWorktree(t, vars, ws,
		toolReply("r1", "read_file", `{"path":"a.txt"}`),
		toolReply("w1", "write_file", `{"path":"a.txt","content":"ALPHA from the agent\n"}`),
		toolReply("w2", "write_file", `{"path":"c.txt","content":"clean\n"}`),
		textReply("Done."))
	os.WriteFile(filepath.Join(ws, "a.txt"), []byte("alpha, mine\n"), 0o644)
	before, status := folderDigest(t, ws), gitIn(t, ws, "status", "--porcelain")
	code, _, errOut := hearth(t, vars, "worktree", "apply", wt.ID, "--workspace", ws)
	if code != ExitFailure || !strings.Contains(errOut, "a.txt") || strings.Contains(errOut, "c.txt") {
		t.Fatalf("apply: exit %d, stderr %q; want 1 naming a.txt alone", code, errOut)
	}
	if folderDigest(t, ws) != before || gitIn(t, ws, "status", "--porcelain") != status {
		t.Fatal("a refused apply changed the folder")
	}
	if code, _, errOut := hearth(t, vars, "worktree", "discard", wt.ID, "--workspace", t.TempDir()); code != ExitFailure || !strings.Contains(errOut, "not") {
		t.Errorf("discard with another workspace: exit %d %q", code, errOut)
	}
	if code, out, errOut := hearth(t, vars, "worktree", "discard", wt.ID, "--workspace", ws); code != 0 {
		t.Fatalf("discard: exit %d %s %s", code, out, errOut)
	}
	if _, err := os.Stat(wt.Path); !os.IsNotExist(err) {
		t.Error("the worktree is still there after discard")
	}
	if got := gitIn(t, ws, "branch", "--list", wt.Branch); got != "" {
		t.Errorf("branch %s left after discard", wt.Branch)
	}
	if folderDigest(t, ws) != before {
		t.Error("discard changed the folder")
	}
	for _, sub := range []string{"diff", "apply", "discard"} {
		if code, _, errOut := hearth(t, vars, "worktree", sub, wt.ID); code != ExitFailure || !strings.Contains(errOut, "no worktree") {
			t.Errorf("%s of a discarded worktree: exit %d %q", sub, code, errOut)
		}
	}
}

// --session continues a worktree conversation in its worktree.
func TestRunSessionContinuesInItsWorktree(t *testing.T) {
	ws := gitFolder(t)
	vars := map[string]string{"HEARTH_DATA_DIR": t.TempDir()}
	s := newLLMServer(t,
		toolReply("w1", "write_file", `{"path":"b.txt","content":"beta\n"}`), textReply("Wrote b."),
		toolReply("w2", "write_file", `{"path":"c.txt","content":"gamma\n"}`), textReply("Wrote c."))
	base := []string{"--workspace", ws, "--provider", "openai-compatible", "--model", "m", "--base-url", s.srv.URL + "/v1", "--approve", "edits"}
	code, _, errOut := runCLI(t, context.Background(), vars, append(base, "--worktree", "write b")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	sid := regexp.MustCompile(`session (\S+)`).FindStringSubmatch(errOut)
	wtm := regexp.MustCompile(`worktree (\S+) at (\S+)`).FindStringSubmatch(errOut)
	if sid == nil || wtm == nil {
		t.Fatalf("no session or worktree in stderr %q", errOut)
	}
	code, _, errOut = runCLI(t, context.Background(), vars, append(base, "--session", sid[1][:8], "write c")...)
	if code != 0 {
		t.Fatalf("continue: exit %d: %s", code, errOut)
	}
	if b, err := os.ReadFile(filepath.Join(wtm[2], "c.txt")); err != nil || string(b) != "gamma\n" {
		t.Fatalf("c.txt in the worktree = %q, %v", b, err)
	}
	for _, f := range []string{"b.txt", "c.txt"} {
		if _, err := os.Stat(filepath.Join(ws, f)); !os.IsNotExist(err) {
			t.Errorf("%s reached the folder", f)
		}
	}
	if code, _, _ := hearth(t, vars, "worktree", "discard", wtm[1]); code != 0 {
		t.Fatal("discard failed")
	}
	code, _, errOut = runCLI(t, context.Background(), vars, append(base, "--session", sid[1], "again")...)
	if code != ExitFailure || !strings.Contains(errOut, "applied or discarded") {
		t.Errorf("continuing after discard: exit %d %q", code, errOut)
	}
}

func TestWorktreeUsage(t *testing.T) {
	vars := map[string]string{"HEARTH_DATA_DIR": t.TempDir()}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"worktree"}, ExitUsage, "missing subcommand"},
		{[]string{"worktree", "merge", "x"}, ExitUsage, "unknown subcommand"},
		{[]string{"worktree", "diff"}, ExitUsage, "want one worktree ID"},
		{[]string{"worktree", "apply", "nope"}, ExitFailure, "no worktree"},
		{[]string{"worktree", "list", "extra"}, ExitUsage, "unexpected argument"},
		{[]string{"run", "--worktree", "--session", "x", "--provider", "openai-compatible", "--base-url", "http://127.0.0.1:1/v1", "hi"}, ExitUsage, "--worktree starts a new conversation"},
	} {
		code, _, errOut := hearth(t, vars, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
	if code, out, _ := hearth(t, vars, "worktree", "list"); code != 0 || !strings.Contains(out, "no worktrees") {
		t.Errorf("empty list: %d %q", code, out)
	}
}

// A run that never starts its turn leaves no worktree behind.
func TestRunWorktreeThatNeverStartsLeavesNone(t *testing.T) {
	ws := gitFolder(t)
	vars := map[string]string{"HEARTH_DATA_DIR": t.TempDir()}
	code, _, errOut := runCLI(t, context.Background(), vars, "--workspace", ws, "--provider", "openai-compatible",
		"--base-url", "http://127.0.0.1:1/v1", "--worktree", "hi")
	if code != ExitUsage || !strings.Contains(errOut, "no model") {
		t.Fatalf("exit %d, stderr %q; want the no-model usage error", code, errOut)
	}
	if code, out, _ := hearth(t, vars, "worktree", "list", "--json"); code != 0 || strings.TrimSpace(out) != "[]" {
		t.Errorf("worktrees left: %s", out)
	}
	if got := gitIn(t, ws, "branch", "--list", "hearth/*"); got != "" {
		t.Errorf("branches left: %s", got)
	}
}
