//go:build unix

package serve

import (
	"syscall"
	"time"
)

// cpuTime is the process's user+system CPU time. The latency benchmark
// reports it beside wall time because a loaded machine inflates wall time
// (mostly its tail) but not the work done.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
