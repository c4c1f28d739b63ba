//go:build unix

package confine

import (
	"io/fs"
	"os"
	"syscall"
)

// fileLinks is the number of names of an open file and its device.
func fileLinks(_ *os.File, fi fs.FileInfo) (links, dev uint64, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return uint64(st.Nlink), uint64(st.Dev), true
}
