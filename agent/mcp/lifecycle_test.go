//go:build unix

package mcp_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// wrapped starts server-everything from a shell script that first leaves a
// grandchild (sleep) in the background, and records both pids.
func wrapped(t *testing.T) (entry mcp.Entry, serverPid, grandchildPid func() int) {
	dir := t.TempDir()
	bin := mcptest.Bin(t, "mcp-server-everything")
	script := filepath.Join(dir, "server.sh")
	body := "#!/bin/sh\nsleep 600 &\necho $! > " + filepath.Join(dir, "child.pid") + "\necho $$ > " + filepath.Join(dir, "server.pid") + "\nexec " + bin + " stdio\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	read := func(name string) func() int {
		return func() int {
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			n, _ := strconv.Atoi(strings.TrimSpace(string(b)))
			return n
		}
	}
	return stdioEntry(t, "wrapped", script), read("server.pid"), read("child.pid")
}

func alive(pid int) bool { return syscall.Kill(pid, 0) == nil }

func TestCloseEndsTheWholeProcessTree(t *testing.T) {
	e, server, child := wrapped(t)
	m := started(t, mcp.Options{}, e)
	if s := serverInfo(m, "wrapped"); s.Status != mcp.StatusConnected {
		t.Fatalf("status %s: %s %v", s.Status, s.Error, s.Log)
	}
	sp, cp := server(), child()
	if !alive(sp) || !alive(cp) {
		t.Fatal("the server or its child is not running")
	}
	if err := m.Disable("wrapped"); err != nil {
		t.Fatal(err)
	}
	eventually.True(t, "the server to end", func() bool { return !alive(sp) })
	eventually.True(t, "the server's child to end", func() bool { return !alive(cp) })
	if s := serverInfo(m, "wrapped"); s.Status != mcp.StatusDisabled {
		t.Fatalf("status %s after disable", s.Status)
	}
	// Restart brings it back.
	if err := m.Restart("wrapped"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if s := serverInfo(m, "wrapped"); s.Status != mcp.StatusConnected {
		t.Fatalf("status %s after restart: %s", s.Status, s.Error)
	}
	sp = server()
	m.Close()
	eventually.True(t, "the restarted server to end after Close", func() bool { return !alive(sp) })
}

func TestServerKilledMidCall(t *testing.T) {
	e, server, _ := wrapped(t)
	m := started(t, mcp.Options{}, e)
	long := find(t, m, "mcp__wrapped__trigger-long-running-operation")
	pid := server()
	time.AfterFunc(300*time.Millisecond, func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	start := time.Now()
	_, err := long.Run(context.Background(), json.RawMessage(`{"duration":30,"steps":3}`))
	if err == nil || time.Since(start) > 10*time.Second {
		t.Fatalf("call to a killed server: %v after %s", err, time.Since(start))
	}
	eventually.True(t, "the killed server marked failed", func() bool { return serverInfo(m, "wrapped").Status == mcp.StatusFailed })
	s := serverInfo(m, "wrapped")
	if s.Status != mcp.StatusFailed || len(m.Tools()) != 0 {
		t.Fatalf("after the kill: status %s, %d tools", s.Status, len(m.Tools()))
	}
	if !strings.Contains(s.Error, "exited") && !strings.Contains(s.Error, "ended") {
		t.Fatalf("error %q does not say the server ended", s.Error)
	}
}
