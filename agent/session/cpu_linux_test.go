//go:build linux

package session

import (
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// cpuTime is the process's user+system CPU time. Benchmarks report it next
// to wall time because the shared build machine's load inflates wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// threadTime is the calling thread's CPU time. With the goroutine locked to
// its thread it measures one operation's own work, excluding time spent
// waiting for a CPU on a loaded machine (the driver is pure Go and runs on
// the calling goroutine).
func threadTime() time.Duration {
	var ts unix.Timespec
	unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts)
	return time.Duration(ts.Nano())
}
