package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// `hearth run --trust` in a folder whose .hearth/settings.json sets a
// check: the model writes a Go syntax error, is sent the check's output in
// its next request, fixes it, and the check passes; without --trust the
// check does not run and the warning names it.
func TestRunCheckLoop(t *testing.T) {
	gofmt, err := exec.LookPath("gofmt")
	if err != nil {
		gofmt = filepath.Join(runtime.GOROOT(), "bin", "gofmt")
		if _, err := os.Stat(gofmt); err != nil {
			t.Skip("gofmt not found")
		}
	}
	for _, trusted := range []bool{true, false} {
		t.Run(map[bool]string{true: "trusted", false: "untrusted"}[trusted], func(t *testing.T) {
			ws, cfg := t.TempDir(), t.TempDir()
			os.MkdirAll(filepath.Join(ws, ".hearth"), 0o755)
			os.WriteFile(filepath.Join(ws, ".hearth", "settings.json"), []byte(`{"check":"`+gofmt+` -l -e ."}`), 0o644)
			s := newLLMServer(t,
				toolReply("call_1", "write_file", `{"path":"a.go","content":"package a\n\nfunc F() {\n"}`), textReply("written"),
				toolReply("call_2", "write_file", `{"path":"a.go","content":"package a\n\nfunc F() {}\n"}`), textReply("fixed"))
			args := []string{"--approve", "all", "--workspace", ws, "--provider", "openai", "--model", "gpt-4o",
				"--base-url", s.srv.URL + "/v1", "write a.go"}
			if trusted {
				args = append([]string{"--trust"}, args...)
			}
			code, out, errOut := runIn(t, cfg, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			checks := strings.Count(errOut, "hearth run: check ")
			if !trusted {
				if !strings.Contains(errOut, ".hearth/settings.json (a check command)") || strings.Contains(errOut, "exit 2") ||
					!strings.Contains(errOut, "-l -e . → exit -1: not run: .hearth/settings.json: the workspace is not trusted") {
					t.Fatalf("untrusted check: %s", errOut)
				}
				return
			}
			if checks != 2 || !strings.Contains(errOut, "exit 2, blocked: failed: the agent goes back to fix it (round 1 of 2)") ||
				!strings.Contains(errOut, "→ exit 0") || !strings.Contains(out, "fixed") {
				t.Fatalf("stdout %s\nstderr %s", out, errOut)
			}
			s.mu.Lock()
			third, _ := json.Marshal(s.bodies[2])
			s.mu.Unlock()
			if !strings.Contains(string(third), "a.go:3:12: expected") {
				t.Fatalf("third request lacks the check's output: %s", third)
			}
		})
	}
}
