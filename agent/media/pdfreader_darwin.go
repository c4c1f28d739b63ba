package media

import (
	"os"
	"syscall"
)

// limitSelf bounds the reader child's processor time; macOS does not
// enforce a data limit on mmap, so memory is bounded by the Go collector's
// soft limit and the deadline.
func limitSelf(_ int64, cpu uint64) {
	syscall.Setrlimit(syscall.RLIMIT_CPU, &syscall.Rlimit{Cur: cpu, Max: cpu})
}

func readerProcAttr() *syscall.SysProcAttr { return nil }

// peakMemory is not compared here, where no memory limit is set.
func peakMemory(*os.ProcessState) (int64, bool) { return 0, false }
