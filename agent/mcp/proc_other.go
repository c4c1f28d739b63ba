//go:build unix && !linux

package mcp

import "syscall"

func setParentDeath(*syscall.SysProcAttr) {}
