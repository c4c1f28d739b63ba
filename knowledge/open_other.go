//go:build !unix

package knowledge

import (
	"io"
	"os"
)

// openText opens a file for reading and returns its size.
func openText(path string) (io.ReadCloser, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, info.Size(), nil
}
