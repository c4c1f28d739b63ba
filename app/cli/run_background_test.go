package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/internal/testserve"
)

func TestMain(m *testing.M) {
	testserve.Main() // the test binary is also the background server and its client
	os.Exit(m.Run())
}

// TestRunBackgroundServerAnswersThenEnds is the "done when": a
// server started with "background": true answers a later shell call of the
// same run, is reported listening, and nothing of it is left once the run
// ends.
func TestRunBackgroundServerAnswersThenEnds(t *testing.T) {
	ws, files := t.TempDir(), t.TempDir()
	start, _ := json.Marshal(map[string]any{"command": testserve.ServeLine(files), "background": true})
	fetch := `TESTSERVE_GET="http://127.0.0.1:$(cat '` + filepath.Join(files, "port") + `')/" '` + testserve.Self() + `'`
	get, _ := json.Marshal(map[string]any{"command": fetch})
	s := newLLMServer(t, toolReply("c1", "shell", string(start)), toolReply("c2", "shell", string(get)), textReply("It answers."))
	code, out, errOut := runCLI(t, context.Background(), map[string]string{"OPENAI_API_KEY": "sk-test-key-123456"},
		"--workspace", ws, "--provider", "openai", "--model", "gpt-4o", "--base-url", s.srv.URL+"/v1", "--approve", "all", "--json", "Start the server and fetch from it")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	f, err := testserve.Read(files)
	if err != nil {
		t.Fatal(err)
	}
	results := map[string]string{}
	for _, e := range jsonLines(t, out) {
		if e["type"] == "tool_result" {
			results[e["id"].(string)] = e["output"].(string)
		}
	}
	listening := "listening on 127.0.0.1:" + strconv.Itoa(f.Port)
	if r := results["c1"]; !strings.Contains(r, "background process p1 is running") || !strings.Contains(r, listening) {
		t.Errorf("the start's result: %q", r)
	}
	if r := results["c2"]; !strings.Contains(r, testserve.Body) {
		t.Errorf("the later call's result: %q", r)
	}
	m := regexp.MustCompile(`\(pid (\d+),`).FindStringSubmatch(results["c1"])
	if m == nil {
		t.Fatalf("no pid in %q", results["c1"])
	}
	root, _ := strconv.Atoi(m[1])
	// Run returned: nothing of the tree may be left, not even for a moment.
	for _, pid := range []int{root, f.Server, f.Child} {
		if !testserve.Gone(pid) {
			t.Errorf("pid %d outlived the run", pid)
		}
	}
}

// TestRunTellsThePersonOfAPort: in text mode the person reads which port
// the background server listens on.
func TestRunTellsThePersonOfAPort(t *testing.T) {
	ws, files := t.TempDir(), t.TempDir()
	start, _ := json.Marshal(map[string]any{"command": testserve.ServeLine(files), "background": true})
	s := newLLMServer(t, toolReply("c1", "shell", string(start)), textReply("Started."))
	code, _, errOut := runCLI(t, context.Background(), map[string]string{"OPENAI_API_KEY": "sk-test-key-123456"},
		"--workspace", ws, "--provider", "openai", "--model", "gpt-4o", "--base-url", s.srv.URL+"/v1", "--approve", "all", "Start the server")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	f, err := testserve.Read(files)
	if err != nil {
		t.Fatal(err)
	}
	if want := "hearth run: background process p1 is listening on 127.0.0.1:" + strconv.Itoa(f.Port) + "\n"; !strings.Contains(errOut, want) {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
	if !testserve.Gone(f.Server) {
		t.Error("the server outlived the run")
	}
}
