// Package workingset hands back the memory a long-lived process touched
// only while it started. The desktop binary also carries every command's
// code, and starting it maps far more of that file than an idle window
// uses again; once the window has painted, main asks the kernel to drop
// those pages, and the few the window still runs come back from the page
// cache or the disk on their next use.
package workingset

import "errors"

// ErrUnsupported is returned where the kernel cannot page a mapping out
// (not Linux, or Linux before 5.4); nothing was changed.
var ErrUnsupported = errors.New("paging out the executable is not supported here")

// Report says what TrimExecutable did.
type Report struct {
	// Mappings is how many read-only mappings of the executable were paged out.
	Mappings int
	// Before and After are the bytes of those mappings resident in the
	// process just before and just after.
	Before, After int64
}
