//go:build !linux && !darwin

package sandbox

import "os/exec"

// Available reports the sandbox this machine offers: none here yet, so only
// commands the parser proves read-only run without asking (on Windows, where
// the parser cannot read PowerShell, every command asks).
func Available() Status {
	return Status{Kind: "none", Mechanism: "No sandbox is implemented for this system", Detail: "No sandbox on this system: commands that could change anything ask first."}
}

func start(*exec.Cmd, Policy) error { return ErrUnavailable }
