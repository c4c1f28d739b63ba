package tools

import (
	"context"
	"os/exec"
	"strconv"
	"syscall"
)

func shellCommand(ctx context.Context, line string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "powershell.exe", "-NoProfile", "-NonInteractive", "-Command", line)
	cmd.Cancel = func() error { killGroup(cmd); return nil }
	return cmd
}

// setProcessGroup starts the shell in a new process group so it does not
// receive the console's Ctrl+C meant for Hearth.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// killGroup kills the process tree: Windows has no process-group signal.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	kill := exec.Command("taskkill", "/T", "/F", "/PID", strconv.Itoa(cmd.Process.Pid))
	_ = kill.Run()
}
