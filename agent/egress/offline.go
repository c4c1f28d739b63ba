package egress

import (
	"fmt"
	"net"
	"net/netip"
	"strings"
	"syscall"
)

// OfflineError is a request the offline switch refused before any
// connection was tried.
type OfflineError struct {
	Purpose Purpose
	Host    string
}

func (e *OfflineError) Error() string {
	if e.Purpose == Model {
		return fmt.Sprintf("Hearth works offline: it reaches only model servers on this machine, not %s", e.Host)
	}
	return fmt.Sprintf("Hearth works offline: no %s request to %s", e.Purpose, e.Host)
}

// allowedOffline reports whether a request may go out while offline: only
// to a model server on this machine (Ollama, LM Studio, llama.cpp).
func allowedOffline(p Purpose, host string) bool {
	return p == Model && IsLoopback(host)
}

// IsLoopback reports whether host (a name or an address, without port)
// is this machine: "localhost" or a loopback address.
func IsLoopback(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.Unmap().IsLoopback()
}

// dialControl refuses, while offline, a socket to anything but a loopback
// address: a second check below the request's, on the address actually
// dialed (a name that resolves elsewhere, a proxy).
func (l *Layer) dialControl(network, address string, _ syscall.RawConn) error {
	if !l.Offline() {
		return nil
	}
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		host = address
	}
	if a, err := netip.ParseAddr(host); err == nil && a.Unmap().IsLoopback() {
		return nil
	}
	return &OfflineError{Purpose: "network", Host: address}
}
