//go:build unix

package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// claudeProject is a workspace as a team using Claude Code keeps it: a
// review command, a skill and a PreToolUse hook that blocks rm.
func claudeProject(t *testing.T) string {
	t.Helper()
	ws := t.TempDir()
	files := map[string]string{
		".claude/commands/review.md": "---\ndescription: Review a file for bugs\nargument-hint: <file>\n---\nReview $ARGUMENTS carefully and list every bug you find.\n",
		".claude/skills/x/SKILL.md":  "---\nname: x\ndescription: How this team reviews code.\n---\nSKILL-X-BODY: check error handling first.\n",
		".claude/settings.json":      `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh","timeout":10}]}]}}`,
		".claude/hooks/guard.sh":     "#!/bin/sh\nif grep -q '\"command\":\"rm '; then echo 'BLOCKED: never delete files here' >&2; exit 2; fi\nexit 0\n",
		"foo":                        "the file under review\n",
	}
	for rel, body := range files {
		p := filepath.Join(ws, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return ws
}

func sentText(body map[string]any) string {
	var b strings.Builder
	msgs, _ := body["messages"].([]any)
	for _, m := range msgs {
		mm, _ := m.(map[string]any)
		if s, ok := mm["content"].(string); ok {
			b.WriteString(s + "\n")
		}
	}
	return b.String()
}

// The done-when: in `hearth run --trust`, /review foo sends the
// expanded prompt, the skill's body reaches the model only when it asks,
// and the hook's exit 2 stops the tool call with its stderr returned.
func TestRunTrustedClaudeCodeWorkflow(t *testing.T) {
	ws := claudeProject(t)
	s := newLLMServer(t,
		toolReply("c1", "skill", `{"name":"x"}`),
		toolReply("c2", "shell", `{"command":"rm foo"}`),
		textReply("Reviewed foo; nothing deleted."))
	code, out, errOut := runCLI(t, context.Background(), map[string]string{"OPENAI_API_KEY": "sk-test-key-123456", "HOME": t.TempDir()},
		"--workspace", ws, "--provider", "openai", "--model", "gpt-4o", "--base-url", s.srv.URL+"/v1",
		"--approve", "all", "--trust", "--json", "/review foo")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	s.mu.Lock()
	first, second, third := sentText(s.bodies[0]), sentText(s.bodies[1]), sentText(s.bodies[2])
	s.mu.Unlock()
	if !strings.Contains(first, "Review foo carefully and list every bug you find.") {
		t.Errorf("the command was not expanded: %s", first)
	}
	if !strings.Contains(first, "`x`: How this team reviews code.") || strings.Contains(first, "SKILL-X-BODY") {
		t.Errorf("first request should list the skill without its body: %s", first)
	}
	if !strings.Contains(second, "SKILL-X-BODY") {
		t.Errorf("the skill's body did not reach the model when asked: %s", second)
	}
	if !strings.Contains(third, "BLOCKED: never delete files here") {
		t.Errorf("the hook's stderr did not reach the model: %s", third)
	}
	if _, err := os.Stat(filepath.Join(ws, "foo")); err != nil {
		t.Fatal("the blocked rm ran")
	}
	var hook map[string]any
	for _, e := range jsonLines(t, out) {
		switch e["type"] {
		case "hook":
			hook = e
		case "tool_result":
			if e["name"] == "shell" && e["status"] != "denied" {
				t.Errorf("shell ended %v", e["status"])
			}
		}
	}
	if hook == nil || hook["event"] != "PreToolUse" || hook["exit_code"] != float64(2) || hook["blocked"] != true ||
		!strings.Contains(hook["output"].(string), "BLOCKED") {
		t.Errorf("hook line = %v", hook)
	}
}

// Without --trust (or a stored trust) the project's hooks are skipped with
// a warning and its skills are not offered.
func TestRunUntrustedSkipsProjectHooks(t *testing.T) {
	ws := claudeProject(t)
	s := newLLMServer(t, toolReply("c1", "shell", `{"command":"echo hi"}`), textReply("ok"))
	code, out, errOut := runCLI(t, context.Background(), map[string]string{"OPENAI_API_KEY": "sk-test-key-123456", "HOME": t.TempDir()},
		"--workspace", ws, "--provider", "openai", "--model", "gpt-4o", "--base-url", s.srv.URL+"/v1",
		"--approve", "all", "/review foo")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	if !strings.Contains(errOut, "untrusted workspace: ignoring") || !strings.Contains(errOut, ".claude/settings.json") {
		t.Errorf("no warning naming the hooks: %s", errOut)
	}
	if strings.Contains(errOut, "hook PreToolUse") {
		t.Errorf("an untrusted hook ran: %s", errOut)
	}
	s.mu.Lock()
	first := sentText(s.bodies[0])
	s.mu.Unlock()
	if strings.Contains(first, "How this team reviews code") {
		t.Error("an untrusted skill was offered")
	}
	_ = out
}

// hearth run prints each hook run on stderr in text mode: event, command,
// exit code, duration and output; a user's own hook needs no trust.
func TestRunPrintsHookRows(t *testing.T) {
	ws, home := t.TempDir(), t.TempDir()
	os.MkdirAll(filepath.Join(home, ".claude"), 0o755)
	if err := os.WriteFile(filepath.Join(home, ".claude", "settings.json"),
		[]byte(`{"hooks":{"UserPromptSubmit":[{"hooks":[{"type":"command","command":"echo sprint-42; echo 'some warning' >&2; exit 1"}]}]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newLLMServer(t, textReply("ok"))
	code, _, errOut := runCLI(t, context.Background(), map[string]string{"OPENAI_API_KEY": "sk-test-key-123456", "HOME": home},
		"--workspace", ws, "--provider", "openai", "--model", "gpt-4o", "--base-url", s.srv.URL+"/v1", "hello")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	if !strings.Contains(errOut, "hearth run: hook UserPromptSubmit echo sprint-42; echo 'some warning' >&2; exit 1 → exit 1 (") ||
		!strings.Contains(errOut, "  sprint-42\n  some warning\n") {
		t.Errorf("stderr %q", errOut)
	}
}
