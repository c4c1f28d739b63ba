//go:build unix

package prompt

import (
	"os"
	"syscall"
)

// identity returns an open file's number of names and its device.
func identity(f *os.File) (links, dev uint64, ok bool) {
	fi, err := f.Stat()
	if err != nil {
		return 0, 0, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return uint64(st.Nlink), uint64(st.Dev), true
}
