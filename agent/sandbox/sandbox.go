// Package sandbox runs a command under an operating-system sandbox, so that a
// mistake in judging a command harmless cannot let it write outside its temp
// dir, read outside the workspace, reach the network or run a program nobody
// approved. On Linux it uses Landlock through a re-execution of the current
// binary (the helper applies the rules to itself, then execs the command); on
// other systems Available reports that no sandbox is active.
package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// envPolicy carries the policy to the helper; its presence makes the binary
// act as the helper instead of starting normally.
const envPolicy = "HEARTH_SANDBOX_POLICY"

// ErrUnavailable reports that this machine offers no sandbox.
var ErrUnavailable = errors.New("no sandbox is available on this system")

// Policy is what a contained process tree may touch. Paths are absolute; a
// missing path is skipped. Nothing outside these lists may be read, written
// or executed.
type Policy struct {
	ReadDirs   []string `json:"readDirs,omitempty"`   // read files and list directories beneath
	ReadFiles  []string `json:"readFiles,omitempty"`  // read these files
	WriteDirs  []string `json:"writeDirs,omitempty"`  // create, change and delete beneath (never execute)
	WriteFiles []string `json:"writeFiles,omitempty"` // read and write these files (such as /dev/null)
	ExecFiles  []string `json:"execFiles,omitempty"`  // run exactly these programs
	ExecDirs   []string `json:"execDirs,omitempty"`   // run any program beneath (approved commands)
	// Unrestricted leaves the file system open (for approved commands that
	// are contained only by WriteDirs); reads and execution are not limited.
	Unrestricted bool `json:"unrestricted,omitempty"`
	Network      bool `json:"network,omitempty"` // allow TCP connect and bind
}

// Status says which protection is active on this machine.
type Status struct {
	Kind   string `json:"kind"`   // "landlock" or "none"
	ABI    int    `json:"abi"`    // the kernel's Landlock ABI version, when Kind is landlock
	Detail string `json:"detail"` // one sentence for Settings
}

// Active reports whether commands can be contained.
func (s Status) Active() bool { return s.Kind != "none" }

// Wrap rewrites a fully prepared command so that it starts under p. On
// Linux the current binary is started as the helper with the command's path
// and arguments, applies p to itself and then executes the command in place
// (same process, so process groups and signals behave as before); on macOS
// the command starts under sandbox-exec with a profile written from p.
func Wrap(cmd *exec.Cmd, p Policy) error {
	if !Available().Active() {
		return ErrUnavailable
	}
	return wrap(cmd, p)
}

// reexec starts cmd through the current binary acting as the helper.
func reexec(cmd *exec.Cmd, p Policy) error {
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("sandbox: find own binary: %w", err)
	}
	b, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	env := cmd.Env
	if env == nil {
		env = os.Environ()
	}
	cmd.Env = append(env[:len(env):len(env)], envPolicy+"="+string(b))
	cmd.Args = append([]string{"hearth-sandbox", cmd.Path}, cmd.Args...)
	cmd.Path = self
	return nil
}

// helperFail ends the helper: the command must never run unconfined.
func helperFail(err error) {
	fmt.Fprintf(os.Stderr, "hearth sandbox: %v\n", err)
	os.Exit(126)
}
