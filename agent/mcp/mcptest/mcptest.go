// Package mcptest finds the reference MCP servers that test/mcp/package.json
// installs (scripts/setup.sh runs npm ci there) and starts them for tests.
// Tests skip only when node itself is missing; a machine with node but
// without the packages fails, so CI cannot pass without running them.
package mcptest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Dir is test/mcp in the repository.
func Dir(t testing.TB) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "test", "mcp")
}

// Bin returns the installed command of an npm package's binary
// ("mcp-server-everything", "mcp-server-memory", "mcp-server-filesystem",
// "conformance").
func Bin(t testing.TB, name string) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: the MCP reference servers cannot run")
	}
	p := filepath.Join(Dir(t), "node_modules", ".bin", name)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("%s is not installed: run scripts/setup.sh (npm ci in test/mcp): %v", name, err)
	}
	return p
}

// HTTPEverything starts server-everything's streamable HTTP transport on a
// free port and returns its endpoint; the server ends with the test.
func HTTPEverything(t testing.TB) string {
	t.Helper()
	return everythingOn(t, "streamableHttp", "listening on port", "/mcp")
}

// SSEEverything starts server-everything's legacy HTTP+SSE transport and
// returns its SSE endpoint.
func SSEEverything(t testing.TB) string {
	t.Helper()
	return everythingOn(t, "sse", "running on port", "/sse")
}

func everythingOn(t testing.TB, transport, ready, path string) string {
	t.Helper()
	bin := Bin(t, "mcp-server-everything")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(bin, transport)
	cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port))
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = cmd.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	up := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(stderr)
		once := false
		for sc.Scan() {
			if !once && strings.Contains(sc.Text(), ready) {
				once = true
				close(up)
			}
		}
	}()
	select {
	case <-up:
	case <-time.After(30 * time.Second):
		t.Fatalf("server-everything %s did not start within 30s", transport)
	}
	return fmt.Sprintf("http://127.0.0.1:%d%s", port, path)
}

// Node22 is the Node the conformance suite needs, installed in test/mcp.
func Node22(t testing.TB) string {
	t.Helper()
	return Bin(t, "node")
}

// ConformanceCLI is the conformance suite's entry point, run with Node22.
func ConformanceCLI(t testing.TB) string {
	t.Helper()
	Bin(t, "conformance")
	return filepath.Join(Dir(t), "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js")
}
