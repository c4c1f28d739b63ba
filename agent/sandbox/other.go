//go:build !linux

package sandbox

// Available reports the sandbox this machine offers: none yet outside Linux,
// so only commands the parser proves read-only run without asking.
func Available() Status {
	return Status{Kind: "none", Detail: "No sandbox on this system: only commands the parser proves read-only run without asking."}
}
