//go:build !unix

package textfile

import (
	"os"
)

// open opens a file for reading.
func open(path string) (file, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return osFile{f}, nil
}

type osFile struct{ *os.File }

func (f osFile) Size() (int64, error) {
	info, err := f.Stat()
	if err != nil {
		return 0, err
	}
	if !info.Mode().IsRegular() {
		return 0, ErrNotRegular
	}
	return info.Size(), nil
}
