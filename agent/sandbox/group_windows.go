package sandbox

import (
	"os/exec"
	"strconv"
)

// killGroup kills the process tree: Windows has no process-group signal.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	kill := exec.Command("taskkill", "/T", "/F", "/PID", strconv.Itoa(cmd.Process.Pid))
	_ = kill.Run()
}
