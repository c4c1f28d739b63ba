//go:build !linux

package oneshot

import "net"

// sameUser leaves the check to the socket's mode (0600, in a 0700 folder)
// where the peer's credentials are not read.
func sameUser(net.Conn) bool { return true }
