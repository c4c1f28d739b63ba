//go:build !linux && !darwin

package media

import (
	"os"
	"syscall"
)

// limitSelf has no resource limits to set here: the deadline and the Go
// collector's soft limit bound the reader child.
func limitSelf(int64, uint64) {}

func readerProcAttr() *syscall.SysProcAttr { return nil }

// peakMemory is not compared here, where no memory limit is set.
func peakMemory(*os.ProcessState) (int64, bool) { return 0, false }
