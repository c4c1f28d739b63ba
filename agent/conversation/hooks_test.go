//go:build unix

package conversation

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/internal/eventually"
)

// hookRows are the turn's hook events.
func (e *events) hookRows(id string) []*HookRan {
	var out []*HookRan
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, ev := range e.list {
		if h, ok := ev.(*HookRan); ok && h.TurnID == id {
			out = append(out, h)
		}
	}
	return out
}

func gofmtPath(t *testing.T) string {
	if p, err := exec.LookPath("gofmt"); err == nil {
		return p
	}
	p := filepath.Join(runtime.GOROOT(), "bin", "gofmt")
	if _, err := os.Stat(p); err != nil {
		t.Skip("gofmt not found")
	}
	return p
}

// filePathOf is the line a Claude Code hook script uses to read
// tool_input.file_path without jq.
const filePathOf = `f=$(sed -n 's/.*"file_path":"\([^"]*\)".*/\1/p')`

// A PostToolUse formatter on Edit|Write, as a Claude Code project writes
// it, formats the file the agent wrote and the model reads its report.
func TestPostToolUseFormatterHook(t *testing.T) {
	gofmt := gofmtPath(t)
	c, ev, rec, ws := newTrustedConversation(t, map[string]string{
		".claude/settings.json":   `{"hooks":{"PostToolUse":[{"matcher":"Edit|Write","hooks":[{"type":"command","command":"\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/format.sh"}]}]}}`,
		".claude/hooks/format.sh": "#!/bin/sh\n" + filePathOf + "\n" + gofmt + " -w \"$f\" && echo \"gofmt formatted $(basename \"$f\")\"\n",
	}, true, call("c1", "write_file", `{"path":"a.go","content":"package a\nfunc  F( ) {  }\n"}`), text("Written."))
	id, _, _ := c.Send("write a.go")
	ev.waitDone(t, id)
	b, err := os.ReadFile(filepath.Join(ws, "a.go"))
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != "package a\n\nfunc F() {}\n" {
		t.Fatalf("the file was not formatted by the hook: %q", b)
	}
	if !strings.Contains(rec.body(1), "gofmt formatted a.go") {
		t.Fatalf("the model did not see the hook's report: %s", rec.body(1))
	}
	rows := ev.hookRows(id)
	if len(rows) != 1 || rows[0].Event != "PostToolUse" || rows[0].ExitCode != 0 || !strings.Contains(rows[0].Output, "gofmt formatted") {
		t.Fatalf("hook rows = %+v", rows)
	}
}

// A PreToolUse hook on Bash that exits 2 for rm stops the call: nothing is
// deleted and the model reads the hook's stderr.
func TestPreToolUseHookBlocksRm(t *testing.T) {
	c, ev, rec, ws := newTrustedConversation(t, map[string]string{
		".claude/settings.json":  `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":".claude/hooks/no-rm.sh"}]}]}}`,
		".claude/hooks/no-rm.sh": "#!/bin/sh\ncmd=$(sed -n 's/.*\"command\":\"\\([^\"]*\\)\".*/\\1/p')\ncase \"$cmd\" in rm*) echo \"rm is not allowed in this repository; move files to trash/ instead\" >&2; exit 2;; esac\nexit 0\n",
		"victim.txt":             "keep me",
	}, true, call("c1", "shell", `{"command":"rm victim.txt"}`), text("Blocked."))
	id, _, _ := c.Send("delete victim.txt")
	ev.waitDone(t, id)
	if _, err := os.Stat(filepath.Join(ws, "victim.txt")); err != nil {
		t.Fatal("the blocked rm ran")
	}
	if !strings.Contains(rec.body(1), "rm is not allowed in this repository") {
		t.Fatalf("the model did not get the hook's stderr: %s", rec.body(1))
	}
	rows := ev.hookRows(id)
	if len(rows) != 1 || rows[0].ExitCode != 2 || !rows[0].Blocked {
		t.Fatalf("hook rows = %+v", rows)
	}
	for _, e := range ev.ofTurn(id) {
		if f, ok := e.(*ToolFinished); ok && f.Status != "denied" {
			t.Fatalf("the call ended %s, want denied", f.Status)
		}
	}
}

// A hook that times out (its whole process tree killed) and one that
// prints invalid JSON both show in the transcript, and the turn goes on.
func TestHookTimeoutAndInvalidJSONAreVisible(t *testing.T) {
	c, ev, _, ws := newTrustedConversation(t, map[string]string{
		".hearth/settings.json": `{"hooks":{"UserPromptSubmit":[{"hooks":[
			{"type":"command","command":"sh -c 'echo $$ > late.pid; sleep 2; touch late-canary' & sleep 30","timeout":0.5},
			{"type":"command","command":"echo '{\"decision\": '"}]}]}}`,
	}, true, text("Still here."))
	start := time.Now()
	id, _, _ := c.Send("hello")
	d := ev.waitDone(t, id)
	if d.Text != "Still here." {
		t.Fatalf("the turn did not go on: %+v", d)
	}
	if el := time.Since(start); el > 10*time.Second {
		t.Fatalf("the timeout was not enforced: %s", el)
	}
	rows := ev.hookRows(id)
	if len(rows) != 2 || !strings.Contains(rows[0].Problem, "timed out") || rows[0].ExitCode != -1 ||
		!strings.Contains(rows[1].Problem, "invalid JSON") {
		t.Fatalf("hook rows = %+v", rows)
	}
	// Had the background process outlived the hook, it would touch the
	// canary before it ends.
	var pid int
	eventually.True(t, "the hook's background process to start", func() bool {
		b, _ := os.ReadFile(filepath.Join(ws, "late.pid"))
		pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		return pid > 0
	})
	eventually.True(t, "the hook's background process to end", func() bool { return ended(pid) })
	if _, err := os.Stat(filepath.Join(ws, "late-canary")); err == nil {
		t.Fatal("the timed-out hook's background process outlived it")
	}
}

// UserPromptSubmit's stdout reaches the model as context.
func TestUserPromptSubmitAddsContext(t *testing.T) {
	c, ev, rec, _ := newTrustedConversation(t, map[string]string{
		"~/.claude/settings.json": `{"hooks":{"UserPromptSubmit":[{"hooks":[{"type":"command","command":"echo 'Current sprint: CONTEXT-FROM-HOOK'"}]}]}}`,
	}, false, text("ok"))
	id, _, _ := c.Send("what is the sprint?")
	ev.waitDone(t, id)
	if !strings.Contains(rec.body(0), "CONTEXT-FROM-HOOK") {
		t.Fatalf("the user's hook's context did not reach the model: %s", rec.body(0))
	}
}

// A UserPromptSubmit hook that exits 2 refuses the prompt and says why.
func TestUserPromptSubmitBlocks(t *testing.T) {
	c, ev, rec, _ := newTrustedConversation(t, map[string]string{
		".claude/settings.json": `{"hooks":{"UserPromptSubmit":[{"hooks":[{"type":"command","command":"echo 'no secrets in prompts' >&2; exit 2"}]}]}}`,
	}, true, text("never"))
	id, _, _ := c.Send("my password is hunter2")
	ev.waitDone(t, id)
	var msg string
	for _, e := range ev.ofTurn(id) {
		if te, ok := e.(*TurnError); ok {
			msg = te.Message
		}
	}
	if !strings.Contains(msg, "no secrets in prompts") || rec.body(0) != "" {
		t.Fatalf("error %q, request %q", msg, rec.body(0))
	}
}

// A Stop hook sends the agent back once with its stderr as the
// instruction; the second time (stop_hook_active) it lets it stop.
func TestStopHookSendsTheAgentBackOnce(t *testing.T) {
	c, ev, rec, _ := newTrustedConversation(t, map[string]string{
		".claude/settings.json": `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":".claude/hooks/stop.sh"}]}]}}`,
		".claude/hooks/stop.sh": "#!/bin/sh\nif grep -q '\"stop_hook_active\":true'; then exit 0; fi\necho 'run the tests before you stop' >&2\nexit 2\n",
	}, true, text("Done."), text("Tests pass."))
	id, _, _ := c.Send("fix it")
	d := ev.waitDone(t, id)
	if d.Text != "Tests pass." || d.Iterations != 2 {
		t.Fatalf("done = %+v", d)
	}
	if !strings.Contains(rec.body(1), "run the tests before you stop") {
		t.Fatalf("the model was not sent back with the hook's reason: %s", rec.body(1))
	}
	dones := 0
	for _, e := range ev.ofTurn(id) {
		if _, ok := e.(*Done); ok {
			dones++
		}
	}
	if dones != 1 || len(ev.hookRows(id)) != 2 {
		t.Fatalf("%d done events, %d hook rows", dones, len(ev.hookRows(id)))
	}
}

// An untrusted workspace runs none of the project's hooks (canary files
// stay absent) while the user's own still run.
func TestUntrustedWorkspaceRunsNoProjectHooks(t *testing.T) {
	all := `{"hooks":{` +
		`"SessionStart":[{"hooks":[{"type":"command","command":"touch canary-session"}]}],` +
		`"UserPromptSubmit":[{"hooks":[{"type":"command","command":"touch canary-prompt"}]}],` +
		`"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"touch canary-pre"}]}],` +
		`"PostToolUse":[{"hooks":[{"type":"command","command":"touch canary-post"}]}],` +
		`"Stop":[{"hooks":[{"type":"command","command":"touch canary-stop"}]}]}}`
	c, ev, _, ws := newTrustedConversation(t, map[string]string{
		".claude/settings.json":       all,
		".claude/settings.local.json": all,
		".hearth/settings.json":       all,
		"~/.claude/settings.json":     `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"touch user-canary"}]}]}}`,
	}, false, call("c1", "list_dir", `{}`), text("ok"))
	id, _, _ := c.Send("look around")
	ev.waitDone(t, id)
	ents, _ := os.ReadDir(ws)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "canary") {
			t.Fatalf("an untrusted project hook ran: %s", e.Name())
		}
	}
	if _, err := os.Stat(filepath.Join(ws, "user-canary")); err != nil {
		t.Fatal("the user's own hook did not run")
	}
}

// A SubagentStop hook sends a finishing subagent back once with its stderr
// as the instruction; the main agent gets the answer of the second round.
func TestSubagentStopHookSendsTheSubagentBackOnce(t *testing.T) {
	c, ev, rec, _ := newTrustedConversation(t, map[string]string{
		".claude/settings.json": `{"hooks":{"SubagentStop":[{"matcher":"explore","hooks":[{"type":"command","command":".claude/hooks/sub.sh"}]}]}}`,
		".claude/hooks/sub.sh":  "#!/bin/sh\nif grep -q '\"stop_hook_active\":true'; then exit 0; fi\necho 'look in docs too' >&2\nexit 2\n",
	}, true,
		call("c1", "task", `{"agent":"explore","description":"find x","prompt":"find x"}`),
		text("x is in src."), text("x is in src and docs."), text("Done."))
	id, _, _ := c.Send("where is x?")
	ev.waitDone(t, id)
	if !strings.Contains(rec.body(2), "look in docs too") {
		t.Fatalf("the subagent was not sent back with the hook's reason: %s", rec.body(2))
	}
	if !strings.Contains(rec.body(3), "x is in src and docs.") {
		t.Fatalf("the main agent did not get the second round's answer: %s", rec.body(3))
	}
	n := 0
	for _, h := range ev.hookRows(id) {
		if h.Event == "SubagentStop" {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("%d SubagentStop rows, want 2", n)
	}
}

// ended reports whether pid has exited: gone, or a zombie not yet reaped.
func ended(pid int) bool {
	if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
		return true
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false // no /proc here, or the process went between the two calls: the next poll says
	}
	i := bytes.LastIndexByte(b, ')') // the state follows the parenthesised command name
	return i >= 0 && i+2 < len(b) && b[i+2] == 'Z'
}
