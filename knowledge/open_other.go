//go:build !unix

package knowledge

import (
	"io"
	"os"
)

// openText opens a file for reading.
func openText(path string) (io.ReadCloser, error) {
	return os.Open(path)
}
