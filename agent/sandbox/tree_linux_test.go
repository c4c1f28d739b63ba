package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// runTree runs bash -c line in dir as Hearth's shell tool does: tracked,
// contained by p unless nil, and ended after Wait. It returns the output
// and exit code.
func runTree(t testing.TB, p *Policy, dir, line string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/bash", "-c", line)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LANG=C"}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.WaitDelay = 500 * time.Millisecond
	tree := Track(cmd)
	cmd.Cancel = func() error { tree.Kill(); return nil }
	if err := tree.Start(p); err != nil {
		_ = tree.End()
		t.Fatal(err)
	}
	err := cmd.Wait()
	if endErr := tree.End(); endErr != nil {
		t.Fatal(endErr)
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) && !errors.Is(err, exec.ErrWaitDelay) {
		t.Fatalf("%s: %v", line, err)
	}
	return out.String(), cmd.ProcessState.ExitCode()
}

// withTracking sets the tracking mechanism for one test.
func withTracking(t *testing.T, mode string) {
	t.Helper()
	if mode == "auto" && cgroupParent() == "" {
		t.Skip("no writable cgroup v2 here")
	}
	old := tracking
	tracking = mode
	t.Cleanup(func() { tracking = old })
}

// detached are ways a command leaves a process behind that would write
// "late" into the workspace once the test creates "go" after the run; each
// records the process's pid and waits for it, so the test knows whom to
// check.
var detached = map[string]string{
	"setsid":                `setsid sh -c 'echo $$ > pid; until test -e go; do sleep 0.01; done; echo late > late' &`,
	"setsid, output closed": `setsid sh -c 'echo $$ > pid; until test -e go; do sleep 0.01; done; echo late > late' >/dev/null 2>&1 < /dev/null &`,
	"double fork":           `( sh -c 'echo $$ > pid; until test -e go; do sleep 0.01; done; echo late > late' & ) >/dev/null`,
	"nohup":                 `nohup sh -c 'echo $$ > pid; until test -e go; do sleep 0.01; done; echo late > late' >/dev/null 2>&1 &`,
	"disown":                `sh -c 'echo $$ > pid; until test -e go; do sleep 0.01; done; echo late > late' & disown`,
}

const waitForPid = `
until [ -s pid ]; do sleep 0.01; done`

// TestDetachedProcessesEndWithTheCommand: whatever a command detaches is
// dead once its run has ended, under a cgroup and under the reaper,
// contained or not, so the late write never happens.
func TestDetachedProcessesEndWithTheCommand(t *testing.T) {
	for _, mode := range []string{"auto", "reaper"} {
		t.Run(mode, func(t *testing.T) {
			withTracking(t, mode)
			for _, contain := range []bool{false, true} {
				if contain && !Available().Active() {
					continue
				}
				for name, line := range detached {
					t.Run(fmt.Sprintf("contained=%v/%s", contain, name), func(t *testing.T) {
						for range 10 {
							ws := t.TempDir()
							var p *Policy
							if contain {
								approved := Approved(ws, t.TempDir())
								p = &approved
							}
							if out, code := runTree(t, p, ws, line+waitForPid); code != 0 {
								t.Fatalf("exit %d: %s", code, out)
							}
							assertGone(t, ws)
						}
					})
				}
			}
		})
	}
}

// assertGone lets the detached process write, then checks that the process
// whose pid the command recorded in ws is dead (gone, or a zombie, which
// writes nothing) and that it wrote nothing, without waiting on a timer.
func assertGone(t testing.TB, ws string) {
	t.Helper()
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
	if alive(pid) {
		t.Fatalf("process %d is still alive after the command ended", pid)
	}
	if _, err := os.Stat(filepath.Join(ws, "late")); err == nil {
		t.Fatal("a detached process wrote after the command ended")
	}
}

// alive reports whether pid exists and is not a zombie.
func alive(pid int) bool {
	if err := unix.Kill(pid, 0); errors.Is(err, unix.ESRCH) {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || !bytes.HasPrefix(bytes.TrimSpace(stat[i+1:]), []byte("Z"))
}

// TestKillEndsTheTree: a command stopped while running (timeout, cancel)
// takes what it detached with it, under a cgroup and under the reaper.
func TestKillEndsTheTree(t *testing.T) {
	for _, mode := range []string{"auto", "reaper"} {
		t.Run(mode, func(t *testing.T) {
			withTracking(t, mode)
			ws := t.TempDir()
			cmd := exec.Command("/bin/bash", "-c", detached["setsid"]+waitForPid+"\necho ready\nexec sleep 1000")
			cmd.Dir = ws
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			tree := Track(cmd)
			if err := tree.Start(nil); err != nil {
				_ = tree.End()
				t.Fatal(err)
			}
			line, err := bufio.NewReader(stdout).ReadString('\n')
			if err != nil || line != "ready\n" {
				t.Fatalf("got %q, %v", line, err)
			}
			tree.Kill()
			_ = cmd.Wait()
			if err := tree.End(); err != nil {
				t.Fatal(err)
			}
			assertGone(t, ws)
		})
	}
}

// TestReaperAppliesThePolicy: under the reaper, which stays outside the
// sandbox, the command it forks is still confined.
func TestReaperAppliesThePolicy(t *testing.T) {
	needLandlock(t)
	withTracking(t, "reaper")
	ws, tmp := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(ws, "in.txt"), []byte("inside\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := ReadOnly(ws, tmp, append(lookAll(t, "bash", "cat", "perl"), "/bin/bash"))
	tests := []struct {
		line string
		ok   bool
	}{
		{"cat in.txt", true},
		{"echo x > new.txt", false},
		{"touch " + tmp + "/t", false},
		{`perl -MSocket -e 'socket(S, PF_UNIX, SOCK_STREAM, 0) or die "socket: $!\n"'`, false},
	}
	for _, tt := range tests {
		out, code := runTree(t, &p, ws, tt.line)
		if tt.ok != (code == 0) || (!tt.ok && !denied(out)) {
			t.Errorf("%q: exit %d, %q; want ok=%v", tt.line, code, out, tt.ok)
		}
	}
}
