package cli

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The "done when": with gopls installed, a scripted model that
// writes a Go type error with write_file gets gopls's message back in the
// same tool result, without asking for it.
func TestRunReportsTheGoErrorAWriteIntroduced(t *testing.T) {
	if _, err := exec.LookPath("gopls"); err != nil {
		t.Skip("gopls is not on PATH (make deps installs it)")
	}
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "go.mod"), []byte("module example.com/w\n\ngo 1.22\n"), 0o644)
	os.WriteFile(filepath.Join(ws, "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o644)
	// The new file assigns a string to an int: a type error on line 4.
	broken := "package main\n\nfunc count() int {\n\tvar n int = \"many\"\n\treturn n\n}\n"
	s := newLLMServer(t,
		toolReply("w1", "write_file", `{"path":"count.go","content":`+quote(broken)+`}`),
		textReply("Written."))
	code, out, errOut := runCLI(t, context.Background(), map[string]string{"OPENAI_API_KEY": "sk-test-key-123456"},
		"--workspace", ws, "--provider", "openai", "--model", "gpt-4o", "--base-url", s.srv.URL+"/v1",
		"--approve", "edits", "--json", "add a count function")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	var result string
	for _, e := range jsonLines(t, out) {
		if e["type"] == "tool_result" {
			result, _ = e["output"].(string)
		}
	}
	if !strings.HasPrefix(result, "Created count.go") || !strings.Contains(result, "This change introduced 1 error (gopls):") ||
		!strings.Contains(result, "count.go:4:") || !strings.Contains(result, `cannot use "many"`) {
		t.Fatalf("write_file's result %q: want the file created, then gopls's error on line 4", result)
	}
	// The run stopped the gopls it started.
	if kids := childrenNamed("gopls"); len(kids) > 0 {
		t.Errorf("gopls processes %v outlived the run", kids)
	}
	// The model was sent that same result, in the request after the call.
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.bodies) != 2 || !strings.Contains(mustJSON(t, s.bodies[1]), `cannot use \"many\"`) {
		t.Fatalf("the model's second request does not carry gopls's message")
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// childrenNamed are this process's children running the program name
// (Linux; none elsewhere).
func childrenNamed(name string) []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "status"))
		if err != nil {
			continue
		}
		var comm string
		ppid := -1
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "Name:"); ok {
				comm = strings.TrimSpace(v)
			}
			if v, ok := strings.CutPrefix(l, "PPid:"); ok {
				ppid, _ = strconv.Atoi(strings.TrimSpace(v))
			}
		}
		if comm == name && ppid == os.Getpid() {
			out = append(out, pid)
		}
	}
	return out
}
