// Package sandbox runs a command under an operating-system sandbox, so that a
// mistake in judging a command harmless cannot let it write outside its temp
// dir, read outside the workspace, reach the network or a local service, or
// run a program nobody approved. On Linux it uses Landlock and a seccomp
// filter, applied to one locked OS thread that then forks the command (so
// Hearth itself stays unrestricted); on macOS sandbox-exec with a Seatbelt
// profile; elsewhere Available reports that no sandbox is active. Track
// makes every process a command starts, contained or not, end with it.
package sandbox

import (
	"errors"
	"os/exec"
)

// ErrUnavailable reports that this machine offers no sandbox.
var ErrUnavailable = errors.New("no sandbox is available on this system")

// Policy is what a contained process tree may touch. Paths are absolute; a
// missing path is skipped. Nothing outside these lists may be read, written
// or executed.
type Policy struct {
	ReadDirs   []string // read files and list directories beneath
	ReadFiles  []string // read these files
	WriteDirs  []string // create, change and delete beneath (never execute)
	WriteFiles []string // read and write these files (such as /dev/null)
	ExecFiles  []string // run exactly these programs
	ExecDirs   []string // run any program beneath (approved commands)
	// Unrestricted leaves the file system open (for approved commands that
	// are contained only by WriteDirs); reads and execution are not limited.
	Unrestricted bool
	Network      bool // allow TCP connect and bind
}

// Status says which protection is active on this machine.
type Status struct {
	Kind      string `json:"kind"`      // "landlock", "seatbelt" or "none"
	ABI       int    `json:"abi"`       // the kernel's Landlock ABI version, when Kind is landlock
	Detail    string `json:"detail"`    // what happens to commands, in plain words, for Settings
	Mechanism string `json:"mechanism"` // the technical name, for whoever asks; "" when there is none
}

// Active reports whether commands can be contained.
func (s Status) Active() bool { return s.Kind != "none" }

// Start starts a fully prepared command under p, in place of cmd.Start.
func Start(cmd *exec.Cmd, p Policy) error {
	if !Available().Active() {
		return ErrUnavailable
	}
	return start(cmd, p)
}
