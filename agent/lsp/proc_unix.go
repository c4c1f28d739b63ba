//go:build !windows

package lsp

import (
	"os/exec"
	"syscall"
)

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
