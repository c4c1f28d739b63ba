//go:build !windows

package sandbox

import (
	"os/exec"
	"syscall"
)

// killGroup kills the command's process group (the caller set Setpgid).
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
