//go:build !unix

package workspace

// nonBlock is not needed where the workspace cannot hold a FIFO.
const nonBlock = 0
