package worktree

import "golang.org/x/sys/unix"

// cloneFile makes dst a copy-on-write clone of src (APFS); an error means
// the caller copies instead.
func cloneFile(src, dst string) error {
	return unix.Clonefile(src, dst, unix.CLONE_NOFOLLOW)
}
