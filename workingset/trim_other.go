//go:build !linux

package workingset

// TrimExecutable does nothing where the kernel cannot page a mapping out.
func TrimExecutable() (Report, error) { return Report{}, ErrUnsupported }
