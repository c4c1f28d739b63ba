//go:build !linux

package sandbox

import "os/exec"

// Tree holds the processes of one command: here its process group (or, on
// Windows, its process tree), ended together.
type Tree struct{ cmd *exec.Cmd }

// Track prepares cmd, before it starts, so that the processes it starts can
// be ended with it; start it with Tree.Start and call Tree.End after
// cmd.Wait.
func Track(cmd *exec.Cmd) *Tree { return &Tree{cmd: cmd} }

// Start starts the command, contained by p unless p is nil.
func (t *Tree) Start(p *Policy) error {
	if p == nil {
		return t.cmd.Start()
	}
	return Start(t.cmd, *p)
}

// Kill ends every process of the command now (on timeout or cancel).
func (t *Tree) Kill() { killGroup(t.cmd) }

// End kills whatever the command left running.
func (t *Tree) End() error {
	killGroup(t.cmd)
	return nil
}
