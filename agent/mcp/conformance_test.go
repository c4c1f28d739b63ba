package mcp_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
)

// TestConformance runs the official MCP conformance suite in client mode
// against test/mcp/client, a driver built on this package. Scenarios Hearth
// does not pass yet are listed, with reasons, in test/mcp (the suite fails
// on a new failure and on a listed scenario that starts passing).
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("the conformance suite runs in the full test run")
	}
	node, cli := mcptest.Node22(t), mcptest.ConformanceCLI(t)
	dir := mcptest.Dir(t)
	driver := filepath.Join(t.TempDir(), "client")
	gobin, err := exec.LookPath("go")
	if err != nil {
		gobin = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	build := exec.Command(gobin, "build", "-o", driver, "./client")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the driver: %v\n%s", err, out)
	}
	run := func() (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, node, cli, "client", "--command", driver, "--suite", "all",
			"--expected-failures", filepath.Join(dir, "conformance-baseline.yml"), "-o", t.TempDir())
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		summary := string(out)
		if i := strings.Index(summary, "=== SUITE SUMMARY ==="); i >= 0 {
			summary = summary[i:]
		}
		return summary, err
	}
	summary, err := run()
	if err != nil {
		// Timing scenarios (sse-retry's reconnect delay) can miss on a
		// loaded machine: a second run that passes is logged, not hidden.
		t.Logf("conformance suite failed once, running it again: %v\n%s", err, summary)
		summary, err = run()
	}
	if err != nil {
		t.Fatalf("conformance suite: %v\n%s", err, summary)
	}
	for _, core := range []string{"✓ initialize", "✓ tools_call", "✓ elicitation-sep1034-client-defaults", "✓ sse-retry"} {
		if !strings.Contains(summary, core) {
			t.Errorf("scenario %q did not pass:\n%s", core, summary)
		}
	}
	t.Log(summary)
}
