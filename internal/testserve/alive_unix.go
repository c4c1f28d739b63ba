//go:build !windows

package testserve

import (
	"errors"
	"syscall"
)

func alive(pid int) bool { return !errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) }
