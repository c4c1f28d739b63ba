//go:build !windows

package workspace

func isSharingViolation(error) bool { return false }
