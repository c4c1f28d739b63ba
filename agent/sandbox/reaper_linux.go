package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// reaperArg0 is the argv[0] under which Hearth's own binary (or a test
// binary) runs as a command's reaper instead of starting normally.
const reaperArg0 = "hearth-reaper"

// rulesetFD is where a confined reaper finds the Landlock ruleset.
const rulesetFD = 3

func init() {
	if len(os.Args) > 2 && os.Args[0] == reaperArg0 {
		// syscall.Exit, not os.Exit: nothing of the process's normal exit
		// (a race-enabled build's final wait included) concerns a reaper.
		syscall.Exit(reap(os.Args[1:]))
	}
}

// reaperArgs wraps path and argv to run under the reaper; confine asks it to
// apply the ruleset at rulesetFD with flags and the socket filter first.
func reaperArgs(path string, argv []string, confine bool, flags uint32) []string {
	args := []string{reaperArg0}
	if confine {
		args = append(args, "-confine="+strconv.FormatUint(uint64(flags), 10))
	}
	return append(append(args, "--", path), argv...)
}

// reap is the reaper's main, for where no cgroup can hold a command: it is a
// child subreaper, so every process the command detaches (setsid, double
// fork, nohup) is re-parented to it rather than to init. When the command
// exits, or on SIGTERM, it kills its children until none is left, then
// exits with the command's code. It stays outside the sandbox itself (it
// must read /proc); only the thread that forks the command is confined.
func reap(args []string) int {
	confine, flags := false, uint64(0)
	for len(args) > 0 && args[0] != "--" {
		v, ok := strings.CutPrefix(args[0], "-confine=")
		if !ok {
			return fail(fmt.Errorf("unknown option %q", args[0]))
		}
		var err error
		if flags, err = strconv.ParseUint(v, 10, 32); err != nil {
			return fail(err)
		}
		confine, args = true, args[1:]
	}
	if len(args) < 3 {
		return fail(errors.New("usage: hearth-reaper [-confine=FLAGS] -- PATH ARGV0 [ARG...]"))
	}
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		return fail(err)
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	cmd := &exec.Cmd{Path: args[1], Args: args[2:], Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
	var err error
	if confine {
		err = startConfined(cmd, rulesetFD, uint32(flags))
		_ = unix.Close(rulesetFD)
	} else {
		err = cmd.Start()
	}
	if err != nil {
		return fail(err)
	}
	go func() {
		for range sigs {
			killChildren()
		}
	}()
	code := waitFor(cmd.Process.Pid)
	for {
		killChildren()
		if _, err := unix.Wait4(-1, nil, 0, nil); errors.Is(err, unix.ECHILD) {
			return code
		}
	}
}

// waitFor reaps children, orphans included, until pid exits, and returns
// its exit code (128+signal when killed, as a shell reports it).
func waitFor(pid int) int {
	for {
		var ws unix.WaitStatus
		got, err := unix.Wait4(-1, &ws, 0, nil)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return 126
		}
		if got != pid {
			continue
		}
		if ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ws.ExitStatus()
	}
}

// killChildren sends SIGKILL to every process whose parent is this one;
// their own children then become this process's, for the next round.
func killChildren() {
	self := os.Getpid()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ParentOf(pid) == self {
			_ = unix.Kill(pid, unix.SIGKILL)
		}
	}
}

func fail(err error) int {
	fmt.Fprintln(os.Stderr, "hearth-reaper:", err)
	return 126
}
