package media

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// limitSelf bounds the reader child: its data segment (the heap and every
// private writable mapping, not code or reserved address space) may grow by
// memory bytes, and it is killed after cpu seconds of processor time.
func limitSelf(memory int64, cpu uint64) {
	if data := vmData(); data > 0 {
		lim := uint64(data + memory)
		syscall.Setrlimit(syscall.RLIMIT_DATA, &syscall.Rlimit{Cur: lim, Max: lim})
	}
	syscall.Setrlimit(syscall.RLIMIT_CPU, &syscall.Rlimit{Cur: cpu, Max: cpu})
}

// vmData is the process's data segment now, from /proc.
func vmData() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmData:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}

// readerProcAttr kills the child if Hearth dies first.
func readerProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// peakMemory is a finished child's peak resident memory.
func peakMemory(st *os.ProcessState) (int64, bool) {
	if st == nil {
		return 0, false
	}
	ru, ok := st.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, false
	}
	return ru.Maxrss << 10, true // kilobytes on Linux
}
