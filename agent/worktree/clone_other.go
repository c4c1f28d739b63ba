//go:build !linux && !darwin

package worktree

import "errors"

// cloneFile has no copy-on-write clone here: the caller copies.
func cloneFile(src, dst string) error { return errors.ErrUnsupported }
