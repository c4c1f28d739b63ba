package tools

import (
	"os"
)

// readlink shows where a symlink points, for listings only.
func readlink(s *session, rel string) (string, error) {
	return os.Readlink(s.root.Abs(rel))
}
