package cli

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
)

// digestTree is a digest of every path, mode and byte under dir.
func digestTree(t *testing.T, dir string) string {
	t.Helper()
	h := sha256.New()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %v %d\n", p, info.Mode(), info.Size())
		if d.Type().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			h.Write(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

func planReply(id, plan string) string {
	b, _ := json.Marshal(map[string]string{"plan": plan})
	return toolReply(id, "propose_plan", string(b))
}

// The done-when: in plan mode a model that asks to write a file,
// redirect into one and call an MCP tool changes nothing (the workspace is
// byte-identical), reads work, and a plan event is printed; exit 0.
func TestRunPlanModeChangesNothingAndPrintsPlan(t *testing.T) {
	memory := mcptest.Bin(t, "mcp-server-memory")
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "a.txt"), []byte("alpha\n"), 0o644)
	cfgFile := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfgFile, []byte(`{"mcpServers":{"memory":{"command":`+strconvQuote(memory)+`,"env":{"MEMORY_FILE_PATH":`+
		strconvQuote(filepath.Join(t.TempDir(), "memory.jsonl"))+`}}}}`), 0o644)
	before := digestTree(t, ws)
	const plan = "## Steps\n1. Write b.txt\n\n## Files\n- b.txt\n\n## Risks\n- none"
	s := newLLMServer(t,
		toolReply("r1", "read_file", `{"path":"a.txt"}`),
		toolReply("w1", "write_file", `{"path":"b.txt","content":"beta\n"}`),
		toolReply("w2", "shell", `{"command":"echo x > f"}`),
		toolReply("m1", "mcp__memory__create_entities", `{"entities":[{"name":"x","entityType":"t","observations":[]}]}`),
		planReply("p1", plan),
		textReply("Plan proposed."))
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	code, out, errOut := runCLI(t, ctx, nil, "--workspace", ws, "--provider", "openai-compatible", "--model", "m",
		"--base-url", s.srv.URL+"/v1", "--mcp-config", cfgFile, "--approve", "all", "--mode", "plan", "--json", "plan writing b.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if digestTree(t, ws) != before {
		t.Fatal("plan mode changed the workspace")
	}
	status := map[string]string{}
	var plans []string
	for _, e := range jsonLines(t, out) {
		switch e["type"] {
		case "tool_result":
			status[e["id"].(string)] = e["status"].(string)
		case "plan":
			plans = append(plans, e["markdown"].(string))
		}
	}
	want := map[string]string{"r1": "succeeded", "w1": "denied", "w2": "denied", "m1": "denied", "p1": "succeeded"}
	for id, st := range want {
		if status[id] != st {
			t.Errorf("%s: %s, want %s (output %s)", id, status[id], st, out)
		}
	}
	if len(plans) != 1 || plans[0] != plan {
		t.Fatalf("plan events %q", plans)
	}
}

// --approve-plan carries the plan out at once under the --approve mode.
func TestRunApprovePlanCarriesItOut(t *testing.T) {
	ws := t.TempDir()
	s := newLLMServer(t,
		planReply("p1", "## Steps\n1. Write b.txt\n"),
		textReply("Plan proposed."),
		toolReply("w1", "write_file", `{"path":"b.txt","content":"beta\n"}`),
		textReply("Wrote b.txt."))
	code, out, errOut := runCLI(t, context.Background(), nil, "--workspace", ws, "--provider", "openai-compatible", "--model", "m",
		"--base-url", s.srv.URL+"/v1", "--approve", "edits", "--mode", "plan", "--approve-plan", "write b")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "b.txt")); string(b) != "beta\n" {
		t.Fatalf("b.txt = %q; out %s", b, out)
	}
	if !strings.Contains(out, "Proposed plan:") || !strings.HasSuffix(out, "Wrote b.txt.\n") {
		t.Errorf("stdout %q", out)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	msgs := s.bodies[2]["messages"].([]any)
	last := msgs[len(msgs)-1].(map[string]any)["content"].(string)
	if !strings.Contains(last, "The user approved this plan") || !strings.Contains(last, "1. Write b.txt") {
		t.Errorf("execution prompt %q", last)
	}
}

func TestRunPlanUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"--mode", "build", "x"}, {"--approve-plan", "x"}} {
		code, _, errOut := runCLI(t, context.Background(), nil, append([]string{"--provider", "ollama", "--model", "m"}, args...)...)
		if code != 2 || !strings.Contains(errOut, "--") {
			t.Errorf("%v: exit %d, %s", args, code, errOut)
		}
	}
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }
