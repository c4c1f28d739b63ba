package mcp

import "syscall"

// setParentDeath has the kernel end the server if Hearth dies without
// closing it (a crash, SIGKILL).
func setParentDeath(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
