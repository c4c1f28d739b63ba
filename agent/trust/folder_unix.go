//go:build unix

package trust

import (
	"fmt"
	"os"
	"syscall"
)

// folderID names the workspace folder itself (device and inode), so a
// different folder at the same path (a fresh clone) is not the one trusted.
func folderID(rt *os.Root) string {
	fi, err := rt.Stat(".")
	if err != nil {
		return ""
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	return fmt.Sprintf("%d:%d", st.Dev, st.Ino)
}
