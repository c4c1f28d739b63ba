package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A shell command exiting 1 is a failed tool_result carrying its exit
// code, and every tool_result says how long the call took.
func TestRunJSONShellExitIsFailed(t *testing.T) {
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "notes.txt"), []byte("buy milk\n"), 0o644)
	s := newLLMServer(t,
		toolReply("c1", "shell", `{"command":"grep -q bread notes.txt"}`),
		toolReply("c2", "shell", `{"command":"sleep 0.05; grep -c milk notes.txt"}`),
		textReply("No bread."))
	code, out, errOut := runCLI(t, context.Background(), map[string]string{"OPENAI_API_KEY": "sk-test-key-123456"},
		"--workspace", ws, "--provider", "openai", "--model", "gpt-4o", "--base-url", s.srv.URL+"/v1", "--json", "Is there bread?")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	var results []map[string]any
	for _, e := range jsonLines(t, out) {
		if e["type"] == "tool_result" {
			results = append(results, e)
		}
	}
	if len(results) != 2 {
		t.Fatalf("tool results %v", results)
	}
	failed, ok := results[0], results[1]
	if failed["status"] != "failed" || failed["exit_code"] != float64(1) || !strings.HasPrefix(failed["output"].(string), "exit code: 1") {
		t.Errorf("exit 1 gave %v, want status failed and exit_code 1", failed)
	}
	if failed["summary"] != "Ran grep -q bread notes.txt · exit 1" {
		t.Errorf("summary %q", failed["summary"])
	}
	if ok["status"] != "succeeded" || ok["exit_code"] != nil {
		t.Errorf("exit 0 gave %v", ok)
	}
	for _, r := range results {
		if _, has := r["duration_ms"].(float64); !has {
			t.Errorf("tool_result lacks duration_ms: %v", r)
		}
	}
	if d := ok["duration_ms"].(float64); d < 50 {
		t.Errorf("a call that slept 50 ms took duration_ms %v", d)
	}
}
