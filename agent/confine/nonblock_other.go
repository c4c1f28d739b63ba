//go:build !unix

package confine

// nonBlock is not needed where the workspace cannot hold a FIFO.
const nonBlock = 0
