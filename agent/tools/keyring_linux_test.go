package tools

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/tool"
)

// TestContainedCommandsCannotReachTheKeyring: from a contained command, read
// only (as if the judge erred) or approved under "contain commands I
// approve", secret-tool and gdbus reach neither the Secret Service nor the
// session bus, even given the bus address explicitly, and the keyring is
// unchanged afterwards. It needs a real session bus with gnome-keyring:
// `make keychain-test` runs it under scripts/sandbox.sh with
// HEARTH_SANDBOX_DBUS_TEST=1.
func TestContainedCommandsCannotReachTheKeyring(t *testing.T) {
	if os.Getenv("HEARTH_SANDBOX_DBUS_TEST") != "1" {
		t.Skip("set HEARTH_SANDBOX_DBUS_TEST=1 under a session bus with a Secret Service to run")
	}
	needSandbox(t)
	addr := os.Getenv("DBUS_SESSION_BUS_ADDRESS")
	if addr == "" {
		t.Fatal("no DBUS_SESSION_BUS_ADDRESS")
	}
	secretTool, gdbus := lookOrFail(t, "secret-tool"), lookOrFail(t, "gdbus")
	keyring(t, "canary", "store", "--label=hearth canary", "hearth-test", "sandbox")
	t.Cleanup(func() { keyring(t, "", "clear", "hearth-test", "sandbox") })
	if got := keyring(t, "", "lookup", "hearth-test", "sandbox"); got != "canary" {
		t.Fatalf("the keyring does not work here: lookup gave %q", got)
	}

	ping := "gdbus call --timeout 5 --dest org.freedesktop.secrets --object-path /org/freedesktop/secrets --method org.freedesktop.DBus.Peer.Ping"
	withAddr := "DBUS_SESSION_BUS_ADDRESS='" + addr + "' "
	lines := []string{
		"printf pwned | secret-tool store --label=pwned hearth-test sandbox",
		"printf pwned | " + withAddr + "secret-tool store --label=pwned hearth-test sandbox",
		withAddr + "secret-tool lookup hearth-test sandbox",
		ping + " --session",
		ping + " --address '" + addr + "'",
		"gdbus call --timeout 5 --address '" + addr + "' --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus --method org.freedesktop.DBus.ListNames",
	}
	// The control: the same bus is reachable from an uncontained command.
	_, free := newWS(t, nil, Config{Approve: ApproveAll})
	if out, err := run(t, free["shell"], ShellParams{Command: ping + " --address '" + addr + "'", TimeoutSeconds: 20}); err != nil {
		t.Fatalf("uncontained gdbus failed, so the test proves nothing: %v %s", err, out)
	}

	readOnly := func(string) (permission.Clearance, bool) {
		return permission.Clearance{ReadOnly: true, Programs: []string{secretTool, gdbus}}, true
	}
	for _, tc := range []struct {
		name      string
		cfg       Config
		misjudged func(string) (permission.Clearance, bool)
	}{
		{"read-only", Config{}, readOnly},
		{"approved, contained", Config{Approve: ApproveAll, ContainApproved: true}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, tools := newWS(t, nil, tc.cfg)
			misjudged = tc.misjudged
			t.Cleanup(func() { misjudged = nil })
			for _, line := range lines {
				out, err := run(t, tools["shell"], ShellParams{Command: line, TimeoutSeconds: 20})
				if code, exited := tool.ExitCode(err); err == nil || !exited || code == 0 || strings.Contains(out, "canary") {
					t.Errorf("%q: got %v, %q; want a failed command", line, err, out)
				}
			}
		})
	}
	if got := keyring(t, "", "lookup", "hearth-test", "sandbox"); got != "canary" {
		t.Fatalf("the keyring changed: lookup gave %q, want canary", got)
	}
}

// keyring runs secret-tool uncontained with stdin and returns its output.
func keyring(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "secret-tool", args...)
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.Output()
	if err != nil && args[0] != "lookup" {
		t.Fatalf("secret-tool %v: %v", args, err)
	}
	return strings.TrimSpace(string(out))
}

func lookOrFail(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s is not installed (scripts/setup.sh installs it)", name)
	}
	return p
}
