//go:build unix

package hooks

import (
	"os/exec"
	"syscall"
)

func shellCommand(line string) *exec.Cmd { return exec.Command("/bin/sh", "-c", line) }

// ownGroup starts the hook in a process group of its own, so ending it
// ends everything it started.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup ends the hook's whole process tree.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
