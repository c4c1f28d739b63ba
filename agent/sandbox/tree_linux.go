package sandbox

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Tree holds every process one command starts, detached or not, so that all
// of them end with it: in a cgroup of its own where the system lets Hearth
// make one, else under a subreaper (Hearth's own binary re-executed).
type Tree struct {
	cmd    *exec.Cmd
	cg     *cgroup
	reaper bool
	// background trees are forked from the forker thread (TrackBackground).
	background bool
}

// tracking names the mechanism Track may use: "auto" (a cgroup, else the
// reaper), "reaper", or "group" (only the process group, which setsid
// escapes). Tests and benchmarks set it to reach each one.
var tracking = "auto"

// endLimit bounds how long End waits for a killed cgroup to empty.
const endLimit = 10 * time.Second

// selfExe runs this very binary, even if its file was replaced meanwhile.
const selfExe = "/proc/self/exe"

// Track prepares cmd, before it starts, so that every process it starts can
// be ended with it; then start it with Tree.Start and call Tree.End after
// cmd.Wait.
func Track(cmd *exec.Cmd) *Tree {
	t := &Tree{cmd: cmd}
	if tracking == "auto" {
		if cg, err := newCgroup(); err == nil {
			t.cg = cg
			if cmd.SysProcAttr == nil {
				cmd.SysProcAttr = &syscall.SysProcAttr{}
			}
			cmd.SysProcAttr.UseCgroupFD, cmd.SysProcAttr.CgroupFD = true, cg.fd
			return t
		}
	}
	t.reaper = tracking != "group"
	if t.reaper && cmd.WaitDelay < endLimit {
		// After a cancel, exec kills the reaper once WaitDelay passes; it
		// must have time to end the tree first or the rest would escape.
		cmd.WaitDelay = endLimit
	}
	return t
}

// Start starts the command, contained by p unless p is nil.
func (t *Tree) Start(p *Policy) error {
	if p != nil && !Available().Active() {
		return ErrUnavailable
	}
	var err error
	switch {
	case t.reaper:
		err = t.startReaper(p)
	case p != nil:
		err = start(t.cmd, *p)
	default:
		err = t.cmd.Start()
	}
	if err == nil && t.cg != nil {
		t.killOnExit()
	}
	return err
}

// startReaper runs the command under Hearth's binary as its subreaper; a
// contained command gets the ruleset as fd 3 for the reaper to apply to the
// thread that forks it.
func (t *Tree) startReaper(p *Policy) error {
	cmd := t.cmd
	if cmd.Err != nil {
		return cmd.Err
	}
	if p == nil {
		cmd.Args, cmd.Path = reaperArgs(cmd.Path, cmd.Args, false, 0), selfExe
		return t.startCmd()
	}
	fd, flags, err := ruleset(*p)
	if err != nil {
		return err
	}
	f := os.NewFile(uintptr(fd), "landlock-ruleset")
	defer f.Close()
	if len(cmd.ExtraFiles) > 0 {
		return errors.New("sandbox: a reaped command cannot take extra files")
	}
	cmd.ExtraFiles = []*os.File{f}
	cmd.Args, cmd.Path = reaperArgs(cmd.Path, cmd.Args, true, flags), selfExe
	return t.startCmd()
}

// startCmd starts the prepared command, from the forker thread for a
// background tree.
func (t *Tree) startCmd() error {
	if t.background {
		return onForker(t.cmd.Start)
	}
	return t.cmd.Start()
}

// killOnExit ends the cgroup as soon as the command's first process exits,
// so a detached child holding its output open does not keep Wait waiting.
func (t *Tree) killOnExit() {
	pidfd, err := unix.PidfdOpen(t.cmd.Process.Pid, 0)
	if err != nil {
		return
	}
	cg := t.cg
	go func() {
		defer unix.Close(pidfd)
		fds := []unix.PollFd{{Fd: int32(pidfd), Events: unix.POLLIN}}
		for {
			if _, err := unix.Poll(fds, -1); !errors.Is(err, unix.EINTR) {
				break
			}
		}
		cg.kill()
	}()
}

// Kill ends every process of the command now (on timeout or cancel).
func (t *Tree) Kill() {
	switch {
	case t.cg != nil:
		t.cg.kill()
	case t.reaper:
		if t.cmd.Process != nil {
			_ = t.cmd.Process.Signal(syscall.SIGTERM) // the reaper kills the rest, then exits
		}
	default:
		killGroup(t.cmd)
	}
}

// End kills whatever the command left running and returns once all of it
// is gone, so nothing it started can write afterwards. Call it after
// cmd.Wait, also when Start failed.
func (t *Tree) End() error {
	switch {
	case t.cg != nil:
		return t.cg.end(endLimit)
	case t.reaper:
		return nil // the reaper exits only once none of its children is left
	default:
		killGroup(t.cmd)
		return nil
	}
}
