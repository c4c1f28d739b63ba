package process

import (
	"context"
	"os"
	"strconv"

	"github.com/hearth-agent/hearth/agent/sandbox"
)

// treePids returns root and every process below it, root first, from one
// pass over /proc/PID/stat (gopsutil's process list reads far more per
// process than the parent, and this runs every Poll).
func treePids(_ context.Context, root int) ([]int, error) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil, err
	}
	children := map[int][]int{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid := sandbox.ParentOf(pid); ppid > 0 {
			children[ppid] = append(children[ppid], pid)
		}
	}
	return below(root, children), nil
}
