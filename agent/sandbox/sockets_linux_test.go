package sandbox

import (
	"net"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// perlConnect connects to the unix socket named by its argument ("@name" for
// an abstract one) and says so.
const perlConnect = `perl -MSocket -e '$a = $ARGV[0]; $a =~ s/^@/\0/; socket(S, PF_UNIX, SOCK_STREAM, 0) or die "socket: $!\n"; connect(S, pack_sockaddr_un($a)) or die "connect: $!\n"; print "connected\n"' `

// TestContainedCommandsReachNoUnixSocket: a contained command, read-only or
// approved, reaches no unix socket outside it, by path (the session bus,
// the keyring) or abstract name, while a socketpair still works.
func TestContainedCommandsReachNoUnixSocket(t *testing.T) {
	needLandlock(t)
	ws, tmp := t.TempDir(), t.TempDir()
	path := filepath.Join(t.TempDir(), "bus")
	abstract := "@hearth-test-" + filepath.Base(tmp)
	accepted := make(chan string, 4)
	for _, addr := range []string{path, abstract} {
		ln, err := net.Listen("unix", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				accepted <- addr
				c.Close()
			}
		}()
	}
	// The test's own, uncontained connection proves the listeners work.
	if out, err := exec.Command("/bin/bash", "-c", perlConnect+path).CombinedOutput(); err != nil || !strings.Contains(string(out), "connected") {
		t.Fatalf("uncontained connect failed: %v %s", err, out)
	}
	<-accepted
	policies := map[string]Policy{
		"read-only": ReadOnly(ws, tmp, append(lookAll(t, "bash", "perl"), "/bin/bash")),
		"approved":  Approved(ws, tmp),
	}
	for name, p := range policies {
		for _, addr := range []string{path, abstract} {
			if out, code := run(t, p, ws, perlConnect+addr); code == 0 || strings.Contains(out, "connected") {
				t.Errorf("%s: connect to %s: exit %d, %q", name, addr, code, out)
			}
		}
		pair := `perl -MSocket -e 'socketpair(A, B, AF_UNIX, SOCK_STREAM, PF_UNSPEC) or die "socketpair: $!\n"; print "pair ok\n"'`
		if out, code := run(t, p, ws, pair); code != 0 || !strings.Contains(out, "pair ok") {
			t.Errorf("%s: socketpair: exit %d, %q", name, code, out)
		}
	}
	select {
	case addr := <-accepted:
		t.Errorf("a contained command connected to %s", addr)
	default:
	}
}
