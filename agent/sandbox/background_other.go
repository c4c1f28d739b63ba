//go:build !linux

package sandbox

import "os/exec"

// TrackBackground is Track for a command that runs past the call that
// starts it; here only its process group ends with it, and nothing ends
// it should Hearth be killed.
func TrackBackground(cmd *exec.Cmd) *Tree { return Track(cmd) }

// Pid is the command's process, 0 before it started.
func (t *Tree) Pid() int {
	if t.cmd.Process == nil {
		return 0
	}
	return t.cmd.Process.Pid
}
