//go:build !windows

package process

import (
	"context"
	"os/exec"
	"syscall"

	"github.com/hearth-agent/hearth/agent/sandbox"
)

// setGroup puts the command in a process group of its own.
func setGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
}

// terminate asks every process of the tree below its root to end: the
// root is Hearth's reaper on Linux, which would SIGKILL them at once on a
// signal of its own; elsewhere the root is the command, and its group is
// told.
func terminate(tree *sandbox.Tree) {
	root := tree.Pid()
	pids, err := treePids(context.Background(), root)
	if err != nil || len(pids) <= 1 {
		_ = syscall.Kill(-root, syscall.SIGTERM)
		return
	}
	for _, pid := range pids[1:] {
		_ = syscall.Kill(pid, syscall.SIGTERM)
	}
}

// below is root and its descendants in children (parent → children), root
// first.
func below(root int, children map[int][]int) []int {
	out := []int{root}
	for i := 0; i < len(out); i++ {
		out = append(out, children[out[i]]...)
	}
	return out
}
