//go:build linux

package secrets

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"github.com/hearth-agent/hearth/internal/eventually"
)

// busDaemons lists the pids of running D-Bus and keyring daemons, read
// from /proc (a comm is cut to 15 bytes).
func busDaemons(t *testing.T) []int {
	t.Helper()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "comm"))
		if err != nil {
			continue
		}
		switch strings.TrimSpace(string(b)) {
		case "dbus-daemon", "dbus-launch", "gnome-keyring-d":
			pids = append(pids, pid)
		}
	}
	return pids
}

// mentions reports whether process pid's command line or environment
// holds s.
func mentions(pid int, s string) bool {
	for _, f := range []string{"cmdline", "environ"} {
		b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), f))
		if err == nil && strings.Contains(string(b), s) {
			return true
		}
	}
	return false
}

// noSessionBus sets up a process with no session bus, and a dbus-launch on
// PATH that does what the real one does (starts a session dbus-daemon and
// prints its address) and leaves a mark. It returns the mark's path and a
// function listing the daemons started since, which the test's cleanup
// stops.
func noSessionBus(t *testing.T) (mark string, started func() []int) {
	t.Helper()
	if _, err := exec.LookPath("dbus-daemon"); err != nil {
		t.Skip("needs dbus-daemon to start a bus the way dbus-launch does")
	}
	bin := t.TempDir()
	mark = filepath.Join(bin, "launched")
	script := "#!/bin/sh\ntouch '" + mark + "'\n" +
		"addr=$(dbus-daemon --session --fork --print-address=1 --address=unix:path='" + filepath.Join(bin, "bus") + "') || exit 1\n" +
		"echo \"DBUS_SESSION_BUS_ADDRESS=$addr\"\n"
	if err := os.WriteFile(filepath.Join(bin, "dbus-launch"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
	old := runtimeDir
	empty := t.TempDir()
	runtimeDir = func() string { return empty }
	t.Cleanup(func() { runtimeDir = old })
	before := busDaemons(t)
	// Other tests on the machine may start buses of their own: a daemon
	// is this test's when its command line or environment names bin.
	started = func() []int {
		var out []int
		for _, pid := range busDaemons(t) {
			if !slices.Contains(before, pid) && mentions(pid, bin) {
				out = append(out, pid)
			}
		}
		return out
	}
	t.Cleanup(func() {
		for _, pid := range started() {
			syscall.Kill(pid, syscall.SIGTERM)
		}
		eventually.True(t, "the daemons this test started to exit", func() bool { return len(started()) == 0 })
	})
	return mark, started
}

// TestNoSessionBusStartsNoDaemon: with no session bus, looking a key up
// falls back to the environment, a keychain write says plainly that there
// is no keychain, and no D-Bus or keyring daemon is started.
func TestNoSessionBusStartsNoDaemon(t *testing.T) {
	mark, started := noSessionBus(t)
	ctx := context.Background()
	s := NewWith(osKeyring{}, 5*time.Second, env(map[string]string{"OPENAI_API_KEY": "sk-env-1234"}))

	key, src, err := s.Resolve(ctx, "openai")
	if err != nil || src != SourceEnv || key != "sk-env-1234" {
		t.Fatalf("Resolve = %q, %s, %v; want the environment's key", key, src, err)
	}
	_, src, err = s.Resolve(ctx, "anthropic")
	var ue *UnavailableError
	if src != SourceNone || !errors.As(err, &ue) || !errors.Is(err, ErrNoSessionBus) {
		t.Fatalf("Resolve without a key = %s, %v; want UnavailableError wrapping ErrNoSessionBus", src, err)
	}
	if !strings.Contains(err.Error(), "no keychain available") {
		t.Errorf("message %q does not say there is no keychain", err)
	}
	if err := s.Set(ctx, "openai", "sk-new"); !errors.Is(err, ErrNoSessionBus) {
		t.Fatalf("Set = %v, want ErrNoSessionBus", err)
	}
	time.Sleep(200 * time.Millisecond) // nothing to wait for: a forked daemon would have shown up by now
	if pids := started(); len(pids) > 0 {
		t.Fatalf("daemons started: %v", pids)
	}
	if _, err := os.Stat(mark); err == nil {
		t.Fatal("dbus-launch was run")
	}
}

// TestUngatedKeyringWouldStartADaemon shows the test above can fail: the
// keyring library, asked directly with no session bus, runs dbus-launch
// and leaves a dbus-daemon behind.
func TestUngatedKeyringWouldStartADaemon(t *testing.T) {
	mark, started := noSessionBus(t)
	_, _ = keyring.Get(Service, "openai")
	if _, err := os.Stat(mark); err != nil {
		t.Skip("this keyring library no longer autolaunches a bus")
	}
	eventually.True(t, "the daemon dbus-launch started to be seen (else the process check is blind)", func() bool { return len(started()) > 0 })
}
