package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"syscall"
)

// Resolver looks a host name up; *net.Resolver is one, a test's stub
// another.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// dialer connects only to addresses the guard accepts. It resolves the
// name itself, checks every address, and dials the checked IP literally, so
// no second lookup can hand the connection another address (DNS
// rebinding); the socket's Control checks the address once more as the
// kernel is asked to connect.
type dialer struct {
	resolver   Resolver
	allowLocal bool
	net        net.Dialer
}

func newDialer(r Resolver, allowLocal bool) *dialer {
	if r == nil {
		r = net.DefaultResolver
	}
	d := &dialer{resolver: r, allowLocal: allowLocal}
	d.net.Control = d.control
	return d
}

// DialContext is http.Transport's DialContext.
func (d *dialer) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	ips, err := d.resolve(ctx, host)
	if err != nil {
		return nil, err
	}
	var errs []error
	for _, ip := range ips {
		conn, err := d.net.DialContext(ctx, network, net.JoinHostPort(ip.String(), port))
		if err == nil {
			return conn, nil
		}
		if ctx.Err() != nil {
			return nil, err
		}
		errs = append(errs, err)
	}
	return nil, errors.Join(errs...)
}

// resolve returns host's addresses, refusing them all when any one is
// refused: a name that also points inside the network is not fetched.
func (d *dialer) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	if ip, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{ip}, check(host, ip, d.allowLocal)
	}
	ips, err := d.resolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return nil, fmt.Errorf("looking up %s: %w", host, err)
	}
	if len(ips) == 0 {
		return nil, fmt.Errorf("looking up %s: no addresses", host)
	}
	for i, ip := range ips {
		if err := check(host, ip, d.allowLocal); err != nil {
			return nil, err
		}
		ips[i] = ip.Unmap() // dialled as the plain IPv4 address it was checked as
	}
	return ips, nil
}

// control refuses the connect itself when its address is not allowed, a
// guard that holds whatever chose the address.
func (d *dialer) control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("refused: cannot read the address %q", address)
	}
	return check("", ap.Addr(), d.allowLocal)
}
