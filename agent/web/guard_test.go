package web

import (
	"errors"
	"net/netip"
	"testing"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		ip   string
		want Class // "" is allowed
	}{
		{"93.184.216.34", ""},
		{"2606:2800:220:1:248:1893:25c8:1946", ""},
		{"10.0.0.1", ClassPrivate},
		{"172.16.0.1", ClassPrivate},
		{"172.31.255.255", ClassPrivate},
		{"172.32.0.1", ""},
		{"192.168.1.1", ClassPrivate},
		{"127.0.0.1", ClassLoopback},
		{"127.255.0.9", ClassLoopback},
		{"::1", ClassLoopback},
		{"169.254.10.10", ClassLinkLocal},
		{"fe80::1", ClassLinkLocal},
		{"fc00::1", ClassUniqueLocal},
		{"fd12:3456::1", ClassUniqueLocal},
		{"100.64.0.1", ClassShared},
		{"100.127.255.254", ClassShared},
		{"0.0.0.0", ClassUnspecified},
		{"0.1.2.3", ClassUnspecified},
		{"::", ClassUnspecified},
		{"169.254.169.254", ClassMetadata},
		{"fd00:ec2::254", ClassMetadata},
		{"100.100.100.200", ClassMetadata},
		{"::ffff:10.0.0.1", ClassPrivate},
		{"::ffff:127.0.0.1", ClassLoopback},
		{"::ffff:169.254.169.254", ClassMetadata},
		{"64:ff9b::10.0.0.1", ClassPrivate},
		{"2002:0a00:0001::1", ClassPrivate}, // 6to4 of 10.0.0.1
		{"::10.0.0.1", ClassPrivate},
		{"224.0.0.1", ClassMulticast},
		{"255.255.255.255", ClassReserved},
		{"fe80::1%eth0", ClassLinkLocal},
	}
	for _, tt := range tests {
		got, _ := Classify(netip.MustParseAddr(tt.ip))
		if got != tt.want {
			t.Errorf("Classify(%s) = %q, want %q", tt.ip, got, tt.want)
		}
	}
}

func TestCheckAllowLocal(t *testing.T) {
	tests := []struct {
		ip         string
		allowLocal bool
		refused    bool
	}{
		{"10.0.0.1", false, true},
		{"10.0.0.1", true, false},
		{"127.0.0.1", true, false},
		{"::1", true, false},
		{"fd12::1", true, false},
		{"169.254.169.254", true, true}, // metadata stays refused
		{"fd00:ec2::254", true, true},
		{"0.0.0.0", true, true},
		{"8.8.8.8", false, false},
	}
	for _, tt := range tests {
		err := check("h", netip.MustParseAddr(tt.ip), tt.allowLocal)
		if (err != nil) != tt.refused {
			t.Errorf("check(%s, allowLocal=%v) = %v, want refused %v", tt.ip, tt.allowLocal, err, tt.refused)
		}
	}
}

func TestRefusedMessage(t *testing.T) {
	tests := []struct {
		host, ip string
		want     string
	}{
		{"example.internal", "10.0.0.1", "refused: example.internal resolves to 10.0.0.1, a private address; allow local addresses with web.allowLocal or --web-allow-local"},
		{"127.0.0.1", "127.0.0.1", "refused: 127.0.0.1 is a loopback address; allow local addresses with web.allowLocal or --web-allow-local"},
		{"169.254.169.254", "169.254.169.254", "refused: 169.254.169.254 is a cloud metadata address, which Hearth never connects to"},
	}
	for _, tt := range tests {
		err := check(tt.host, netip.MustParseAddr(tt.ip), false)
		var r *RefusedError
		if !errors.As(err, &r) {
			t.Fatalf("check(%s) = %v, want a RefusedError", tt.ip, err)
		}
		if got := err.Error(); got != tt.want {
			t.Errorf("message\n got %q\nwant %q", got, tt.want)
		}
	}
}
