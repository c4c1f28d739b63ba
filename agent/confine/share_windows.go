package confine

import (
	"errors"
	"syscall"
)

// Windows error codes returned when another process holds the file open.
const (
	errAccessDenied     = syscall.Errno(5)
	errSharingViolation = syscall.Errno(32)
	errLockViolation    = syscall.Errno(33)
)

func isSharingViolation(err error) bool {
	return errors.Is(err, errSharingViolation) || errors.Is(err, errLockViolation) || errors.Is(err, errAccessDenied)
}
