package web

import (
	"fmt"
	"net/netip"
)

// Class names why an address is refused.
type Class string

const (
	ClassPrivate     Class = "a private address"
	ClassLoopback    Class = "a loopback address"
	ClassLinkLocal   Class = "a link-local address"
	ClassUniqueLocal Class = "a unique-local address"
	ClassShared      Class = "a shared (carrier-grade NAT) address"
	ClassMetadata    Class = "a cloud metadata address"
	ClassUnspecified Class = "an unspecified address"
	ClassMulticast   Class = "a multicast or broadcast address"
	ClassReserved    Class = "a reserved address"
)

// local are the classes AllowLocal lifts: addresses of the person's own
// machine and network, which a developer may mean to reach.
var liftable = map[Class]bool{
	ClassPrivate: true, ClassLoopback: true, ClassLinkLocal: true, ClassUniqueLocal: true, ClassShared: true,
}

// metadata are the cloud providers' instance-metadata endpoints, refused
// even with local addresses allowed because they hand out credentials.
var metadata = []netip.Addr{
	netip.MustParseAddr("169.254.169.254"), // AWS, GCP, Azure, OpenStack, DigitalOcean
	netip.MustParseAddr("169.254.170.2"),   // AWS ECS task credentials
	netip.MustParseAddr("169.254.169.123"), // AWS time sync, same link
	netip.MustParseAddr("100.100.100.200"), // Alibaba Cloud
	netip.MustParseAddr("fd00:ec2::254"),   // AWS over IPv6
	netip.MustParseAddr("fd00:ec2::23"),    // AWS DNS over IPv6
}

var classes = []struct {
	prefix netip.Prefix
	class  Class
}{
	{netip.MustParsePrefix("0.0.0.0/8"), ClassUnspecified},
	{netip.MustParsePrefix("10.0.0.0/8"), ClassPrivate},
	{netip.MustParsePrefix("100.64.0.0/10"), ClassShared},
	{netip.MustParsePrefix("127.0.0.0/8"), ClassLoopback},
	{netip.MustParsePrefix("169.254.0.0/16"), ClassLinkLocal},
	{netip.MustParsePrefix("172.16.0.0/12"), ClassPrivate},
	{netip.MustParsePrefix("192.0.0.0/24"), ClassReserved},
	{netip.MustParsePrefix("192.0.2.0/24"), ClassReserved},
	{netip.MustParsePrefix("192.168.0.0/16"), ClassPrivate},
	{netip.MustParsePrefix("198.18.0.0/15"), ClassReserved},
	{netip.MustParsePrefix("198.51.100.0/24"), ClassReserved},
	{netip.MustParsePrefix("203.0.113.0/24"), ClassReserved},
	{netip.MustParsePrefix("224.0.0.0/4"), ClassMulticast},
	{netip.MustParsePrefix("240.0.0.0/4"), ClassReserved}, // includes 255.255.255.255
	{netip.MustParsePrefix("::/128"), ClassUnspecified},
	{netip.MustParsePrefix("::1/128"), ClassLoopback},
	{netip.MustParsePrefix("fc00::/7"), ClassUniqueLocal},
	{netip.MustParsePrefix("fe80::/10"), ClassLinkLocal},
	{netip.MustParsePrefix("fec0::/10"), ClassLinkLocal}, // deprecated site-local
	{netip.MustParsePrefix("ff00::/8"), ClassMulticast},
	{netip.MustParsePrefix("100::/64"), ClassReserved},
	{netip.MustParsePrefix("2001:db8::/32"), ClassReserved},
}

// embedded are IPv6 forms that carry an IPv4 address a host may end up
// connecting to: NAT64, 6to4, and the deprecated IPv4-compatible form.
var embedded = []struct {
	prefix netip.Prefix
	at     int // byte offset of the IPv4 address
}{
	{netip.MustParsePrefix("64:ff9b::/96"), 12},
	{netip.MustParsePrefix("64:ff9b:1::/48"), 12},
	{netip.MustParsePrefix("2002::/16"), 2},
	{netip.MustParsePrefix("::/96"), 12},
}

// Classify says which refused class ip falls in; ok is false for an
// address that may be reached from anywhere.
func Classify(ip netip.Addr) (c Class, ok bool) {
	ip = ip.WithZone("").Unmap() // ::ffff:10.0.0.1 is 10.0.0.1
	for _, m := range metadata {
		if ip == m {
			return ClassMetadata, true
		}
	}
	for _, e := range classes {
		if e.prefix.Contains(ip) {
			return e.class, true
		}
	}
	if ip.Is6() {
		for _, e := range embedded {
			if e.prefix.Contains(ip) {
				b := ip.As16()
				if c, ok := Classify(netip.AddrFrom4([4]byte(b[e.at : e.at+4]))); ok {
					return c, true
				}
			}
		}
	}
	return "", false
}

// RefusedError is a connection the guard would not make: Host resolved
// (or was) IP, which is of Class. Lift says whether allowing local
// addresses would let it through.
type RefusedError struct {
	Host  string
	IP    netip.Addr
	Class Class
	Lift  bool
}

func (e *RefusedError) Error() string {
	what := fmt.Sprintf("%s resolves to %s, %s", e.Host, e.IP, e.Class)
	if e.Host == "" || e.Host == e.IP.String() {
		what = fmt.Sprintf("%s is %s", e.IP, e.Class)
	}
	if e.Lift {
		return "refused: " + what + "; allow local addresses with web.allowLocal or --web-allow-local"
	}
	return "refused: " + what + ", which Hearth never connects to"
}

// check refuses ip for host unless it may be reached; allowLocal lets the
// person's own machine and network through, never metadata endpoints.
func check(host string, ip netip.Addr, allowLocal bool) error {
	c, refused := Classify(ip)
	if !refused || (allowLocal && liftable[c]) {
		return nil
	}
	return &RefusedError{Host: host, IP: ip.WithZone("").Unmap(), Class: c, Lift: liftable[c]}
}
