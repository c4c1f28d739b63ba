//go:build !windows

package main

// attachConsole is needed only where the binary is a GUI program.
func attachConsole() {}
