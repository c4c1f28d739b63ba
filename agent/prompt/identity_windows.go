//go:build windows

package prompt

import (
	"os"

	"golang.org/x/sys/windows"
)

// identity returns an open file's number of names and its volume.
func identity(f *os.File) (links, dev uint64, ok bool) {
	var info windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(windows.Handle(f.Fd()), &info); err != nil {
		return 0, 0, false
	}
	return uint64(info.NumberOfLinks), uint64(info.VolumeSerialNumber), true
}
