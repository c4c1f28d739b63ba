//go:build windows

package main

import (
	"os"

	"golang.org/x/sys/windows"
)

// attachParentProcess is ATTACH_PARENT_PROCESS: (DWORD)-1.
const attachParentProcess = ^uintptr(0)

var procAttachConsole = windows.NewLazySystemDLL("kernel32.dll").NewProc("AttachConsole")

// attachConsole gives a command typed in a terminal that terminal's
// console. hearth.exe is linked as a GUI program so the window opens with
// no console beside it, which leaves a CLI command nowhere to print; the
// streams a caller redirected (to a file or a pipe) are kept as they are.
func attachConsole() {
	if r, _, _ := procAttachConsole.Call(attachParentProcess); r == 0 {
		return // started from Explorer, or the parent has no console
	}
	reopen := func(f **os.File, std uint32, name string, flag int) {
		if h, err := windows.GetStdHandle(std); err == nil && h != 0 && h != windows.InvalidHandle {
			if t, err := windows.GetFileType(h); err == nil && t != windows.FILE_TYPE_UNKNOWN {
				return // redirected by the caller
			}
		}
		if c, err := os.OpenFile(name, flag, 0); err == nil {
			*f = c
		}
	}
	reopen(&os.Stdin, windows.STD_INPUT_HANDLE, "CONIN$", os.O_RDWR)
	reopen(&os.Stdout, windows.STD_OUTPUT_HANDLE, "CONOUT$", os.O_RDWR)
	reopen(&os.Stderr, windows.STD_ERROR_HANDLE, "CONOUT$", os.O_RDWR)
}
