//go:build !windows

package lsp

import "syscall"

// alive says whether a process (not a zombie we reaped) still exists.
func alive(pid int) bool { return syscall.Kill(pid, 0) == nil }
