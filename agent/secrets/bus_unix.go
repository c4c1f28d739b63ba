//go:build unix && !darwin

package secrets

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrNoSessionBus means there is no D-Bus session bus to reach the Secret
// Service through. The D-Bus library would start a bus of its own
// (dbus-launch) and the keyring daemon with it, both left running after
// Hearth exits, so the keychain is reported unavailable instead.
var ErrNoSessionBus = errors.New("there is no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset) and Hearth does not start one")

// runtimeDir is where the D-Bus library looks for a running session bus
// when the environment names none; a variable so tests can point it away.
var runtimeDir = func() string { return "/run/user/" + strconv.Itoa(os.Getuid()) }

// checkSessionBus reports ErrNoSessionBus unless the D-Bus library would
// find a running bus the way it looks for one, without autolaunching.
func checkSessionBus() error {
	if a := os.Getenv("DBUS_SESSION_BUS_ADDRESS"); a != "" && a != "autolaunch:" {
		return nil
	}
	dir := runtimeDir()
	if _, err := os.Stat(filepath.Join(dir, "bus")); err == nil {
		return nil
	}
	if b, err := os.ReadFile(filepath.Join(dir, "dbus-session")); err == nil &&
		strings.HasPrefix(string(b), "DBUS_SESSION_BUS_ADDRESS=") {
		return nil
	}
	return ErrNoSessionBus
}
