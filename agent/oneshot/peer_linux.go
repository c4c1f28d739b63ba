package oneshot

import (
	"net"
	"os"

	"golang.org/x/sys/unix"
)

// sameUser says whether the peer of a unix connection runs as this
// process's user; the socket's mode says so too, but a search reads the
// workspace's text.
func sameUser(conn net.Conn) bool {
	uc, ok := conn.(*net.UnixConn)
	if !ok {
		return false
	}
	raw, err := uc.SyscallConn()
	if err != nil {
		return false
	}
	var cred *unix.Ucred
	ctlErr := raw.Control(func(fd uintptr) {
		cred, err = unix.GetsockoptUcred(int(fd), unix.SOL_SOCKET, unix.SO_PEERCRED)
	})
	return ctlErr == nil && err == nil && int(cred.Uid) == os.Getuid()
}
