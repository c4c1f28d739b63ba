//go:build !linux && !windows

package process

import (
	"context"

	gproc "github.com/shirou/gopsutil/v4/process"
)

// treePids returns root and every process below it, root first.
func treePids(ctx context.Context, root int) ([]int, error) {
	procs, err := gproc.ProcessesWithContext(ctx)
	if err != nil {
		return nil, err
	}
	children := map[int][]int{}
	for _, p := range procs {
		if ppid, err := p.PpidWithContext(ctx); err == nil {
			children[int(ppid)] = append(children[int(ppid)], int(p.Pid))
		}
	}
	return below(root, children), nil
}
