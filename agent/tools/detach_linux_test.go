package tools

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestShellEndsDetachedProcesses: a process an approved command detaches
// (setsid, a double fork, nohup) is dead when the shell call returns, with
// containment on or off, so it never writes into the workspace after the
// run (and after the undo snapshot). The detached process records its pid
// and writes only once the test, after the call, creates "go"; the test then
// checks that the process is gone rather than waiting for a write.
func TestShellEndsDetachedProcesses(t *testing.T) {
	lines := map[string]string{
		"setsid":      `setsid sh -c 'echo $$ > pid; until test -e go; do sleep 0.01; done; echo late > file' &`,
		"double fork": `( sh -c 'echo $$ > pid; until test -e go; do sleep 0.01; done; echo late > file' & ) > /dev/null`,
		"nohup":       `nohup sh -c 'echo $$ > pid; until test -e go; do sleep 0.01; done; echo late > file' > /dev/null 2>&1 &`,
	}
	for _, contain := range []bool{false, true} {
		for name, line := range lines {
			t.Run(fmt.Sprintf("contained=%v/%s", contain, name), func(t *testing.T) {
				if contain {
					needSandbox(t)
				}
				ws, tools := newWS(t, nil, Config{Approve: ApproveAll, ContainApproved: contain})
				for range 30 {
					for _, f := range []string{"pid", "file", "go"} {
						_ = os.Remove(filepath.Join(ws, f))
					}
					out := mustRun(t, tools["shell"], ShellParams{Command: line + "\nuntil test -s pid; do sleep 0.01; done"})
					if !strings.HasPrefix(out, "exit code: 0") {
						t.Fatalf("got %q", out)
					}
					if err := os.WriteFile(filepath.Join(ws, "go"), nil, 0o644); err != nil {
						t.Fatal(err)
					}
					b, err := os.ReadFile(filepath.Join(ws, "pid"))
					if err != nil {
						t.Fatal(err)
					}
					pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
					if err != nil {
						t.Fatal(err)
					}
					if processAlive(pid) {
						t.Fatalf("detached process %d outlived the call", pid)
					}
					if _, err := os.Stat(filepath.Join(ws, "file")); err == nil {
						t.Fatal("a detached process wrote after the call returned")
					}
				}
			})
		}
	}
}

// processAlive reports whether pid exists and is not a zombie (which can
// write nothing).
func processAlive(pid int) bool {
	if err := unix.Kill(pid, 0); errors.Is(err, unix.ESRCH) {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || !bytes.HasPrefix(bytes.TrimSpace(stat[i+1:]), []byte("Z"))
}
