package sandbox

import (
	"os/exec"
	"runtime"
	"sync"
	"syscall"
)

// TrackBackground is Track for a command that runs past the call that
// starts it (a dev server): it always runs under the reaper, which gets
// SIGTERM when Hearth dies, even by SIGKILL, and then ends the whole tree.
// A cgroup is not used here, since nothing would kill it once Hearth is
// gone.
func TrackBackground(cmd *exec.Cmd) *Tree {
	t := &Tree{cmd: cmd, reaper: true, background: true}
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGTERM
	if cmd.WaitDelay < endLimit {
		cmd.WaitDelay = endLimit
	}
	return t
}

// Pid is the process the tree hangs from (the reaper, or the command
// itself), 0 before it started.
func (t *Tree) Pid() int {
	if t.cmd.Process == nil {
		return 0
	}
	return t.cmd.Process.Pid
}

// forker is one OS thread, locked and never released, from which background
// trees are forked: the parent-death signal fires when the forking thread
// ends, not the process, and a Go thread may end with a locked goroutine.
var forker = sync.OnceValue(func() chan func() {
	jobs := make(chan func())
	go func() {
		runtime.LockOSThread()
		for f := range jobs {
			f()
		}
	}()
	return jobs
})

// onForker runs f on the forker thread.
func onForker(f func() error) error {
	errc := make(chan error, 1)
	forker() <- func() { errc <- f() }
	return <-errc
}
