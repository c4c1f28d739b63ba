//go:build !windows

package confine

func isSharingViolation(error) bool { return false }
