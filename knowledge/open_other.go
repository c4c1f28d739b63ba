//go:build !unix

package knowledge

import (
	"os"
)

// openText opens a file for reading.
func openText(path string) (textFile, error) {
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
		return 0, errNotRegular
	}
	return info.Size(), nil
}
