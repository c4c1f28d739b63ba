//go:build unix

package workspace

import "syscall"

// nonBlock makes opening a FIFO return at once instead of waiting for a writer.
const nonBlock = syscall.O_NONBLOCK
