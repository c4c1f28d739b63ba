package lsp

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the server in its own group, so the helpers it
// starts end with it, and ends it if Hearth dies without stopping it.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
