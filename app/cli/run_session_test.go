package cli

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

func TestRunSavesTheTurnAndContinuesASession(t *testing.T) {
	ws, data := t.TempDir(), t.TempDir()
	vars := map[string]string{"HEARTH_DATA_DIR": data}
	s := newLLMServer(t, textReply("The answer is 42."), textReply("You asked about the answer."))
	base := []string{"--workspace", ws, "--provider", "openai-compatible", "--model", "local", "--base-url", s.srv.URL + "/v1"}
	code, _, errOut := runCLI(t, context.Background(), vars, append(base, "What is the answer?")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	m := regexp.MustCompile(`session (\S+)`).FindStringSubmatch(errOut)
	if m == nil {
		t.Fatalf("no session id in stderr %q", errOut)
	}
	code, _, errOut = runCLI(t, context.Background(), vars, append(base, "--session", m[1][:8], "What did I ask?")...)
	if code != 0 {
		t.Fatalf("continue: exit %d: %s", code, errOut)
	}
	sent, _ := json.Marshal(s.bodies[1]["messages"])
	for _, want := range []string{"What is the answer?", "The answer is 42.", "What did I ask?"} {
		if !strings.Contains(string(sent), want) {
			t.Errorf("the continued turn did not send %q: %s", want, sent)
		}
	}
	var out strings.Builder
	env := &Env{Stdout: &out, Stderr: &out, Getenv: func(k string) string { return vars[k] }}
	if code := Run(context.Background(), env, []string{"sessions", "show", m[1]}); code != 0 {
		t.Fatalf("sessions show: %d %s", code, out.String())
	}
	for _, want := range []string{"What is the answer?", "The answer is 42.", "What did I ask?", "You asked about the answer."} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stored session lacks %q:\n%s", want, out.String())
		}
	}
}

func TestRunUnknownSessionFails(t *testing.T) {
	s := newLLMServer(t, textReply("never"))
	code, _, errOut := runCLI(t, context.Background(), map[string]string{"HEARTH_DATA_DIR": t.TempDir()},
		"--workspace", t.TempDir(), "--provider", "openai-compatible", "--model", "m", "--base-url", s.srv.URL+"/v1",
		"--session", "nope", "hi")
	if code != ExitFailure || !strings.Contains(errOut, "nope") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if len(s.bodies) != 0 {
		t.Error("the model was called for an unknown session")
	}
}

// Ctrl-C before the model is asked still saves the prompt, as a stopped
// turn: the interrupted save failed with "context canceled" (exit 1) and
// the message was lost.
func TestRunInterruptedEarlySavesThePrompt(t *testing.T) {
	vars := map[string]string{"HEARTH_DATA_DIR": t.TempDir()}
	s := newLLMServer(t, textReply("never"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, _, errOut := runCLI(t, ctx, vars, "--workspace", t.TempDir(), "--provider", "openai-compatible", "--model", "m",
		"--base-url", s.srv.URL+"/v1", "Keep this question")
	m := regexp.MustCompile(`session (\S+)`).FindStringSubmatch(errOut)
	if code != ExitInterrupted || m == nil || strings.Contains(errOut, "not saved") {
		t.Fatalf("exit %d, stderr %q; want 130 and a saved session", code, errOut)
	}
	var out strings.Builder
	env := &Env{Stdout: &out, Stderr: &out, Getenv: func(k string) string { return vars[k] }}
	if code := Run(context.Background(), env, []string{"sessions", "show", m[1]}); code != 0 || !strings.Contains(out.String(), "Keep this question") {
		t.Errorf("sessions show: exit %d\n%s", code, out.String())
	}
}
