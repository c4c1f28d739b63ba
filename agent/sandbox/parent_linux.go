package sandbox

import (
	"bytes"
	"os"
	"strconv"
)

// ParentOf reads pid's parent from /proc/PID/stat, or 0 when pid is gone:
// the reaper and the background processes' port lookup both walk the
// process tree this way.
func ParentOf(pid int) int {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	// "pid (comm) state ppid ...": comm may hold spaces and parentheses.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0
	}
	fields := bytes.Fields(stat[i+1:])
	if len(fields) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(string(fields[1]))
	return ppid
}
