package prompt

import (
	"fmt"
	"os"
)

// RefusedError names an instruction file left out of the system prompt
// and why, so the person learns why their instructions had no effect.
type RefusedError struct {
	Name   string // slash-separated, relative to the workspace
	Reason string
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("%s was not given to the model: %s", e.Name, e.Reason)
}

// linkedFromElsewhere says why f, opened inside root, may be a file from
// outside the workspace ("" when it cannot be): a hard link is the same
// file as a name elsewhere (a cloned archive can plant one to a private
// file), and a file on another device than the workspace is a mount's.
func linkedFromElsewhere(root *os.Root, f *os.File) string {
	links, dev, ok := identity(f)
	if !ok {
		return ""
	}
	if links > 1 {
		return fmt.Sprintf("it is a hard link (one file with %d names), so it may be a file from outside the workspace; "+
			"make it a copy or a symbolic link within the workspace", links)
	}
	dir, err := root.Open(".")
	if err != nil {
		return ""
	}
	defer dir.Close()
	if _, wsDev, ok := identity(dir); ok && wsDev != dev {
		return "it is on another device than the workspace, so it may be a file from outside the workspace"
	}
	return ""
}
