package confine

import (
	"io/fs"
	"os"
	"syscall"
)

// fileLinks is the number of names of an open file and its volume, which
// Windows keeps on the handle rather than in the file's info.
func fileLinks(f *os.File, _ fs.FileInfo) (links, dev uint64, ok bool) {
	var d syscall.ByHandleFileInformation
	if err := syscall.GetFileInformationByHandle(syscall.Handle(f.Fd()), &d); err != nil {
		return 0, 0, false
	}
	return uint64(d.NumberOfLinks), uint64(d.VolumeSerialNumber), true
}
