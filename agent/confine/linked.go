package confine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrLinkedOut reports a file that may be another name for a file outside
// the workspace, which os.Root cannot see: a hard link, a file on another
// device (a mount) or a symbolic link leading out.
var ErrLinkedOut = errors.New("may be a file from outside the workspace")

// LinkedOutError names the refused file and why it was refused.
type LinkedOutError struct {
	Path   string
	Reason string
}

func (e *LinkedOutError) Error() string {
	return fmt.Sprintf("%s is refused: %s", e.Path, e.Reason)
}

// Is makes errors.Is(err, ErrLinkedOut) true.
func (e *LinkedOutError) Is(target error) bool { return target == ErrLinkedOut }

// OpenOption adds a check to OpenRegular.
type OpenOption int

// NotLinkedOut makes OpenRegular refuse what CheckNotLinkedOut refuses, with
// the workspace's own device.
const NotLinkedOut OpenOption = 1

// CheckNotLinkedOut refuses the open regular file f (named p) when it has
// more than one name, since a hard link can name any file on the disk and
// nothing tells where its other names are, or when dev is known (not 0) and
// f lives on another device. Where neither is known it accepts.
func CheckNotLinkedOut(p string, f *os.File, fi fs.FileInfo, dev uint64) error {
	links, fdev, ok := fileLinks(f, fi)
	switch {
	case !ok || !fi.Mode().IsRegular():
		return nil
	case links > 1:
		return &LinkedOutError{Path: p, Reason: fmt.Sprintf("it is a hard link (the file has %d names, and others may be outside the workspace); copy it to use it", links)}
	case dev != 0 && fdev != dev:
		return &LinkedOutError{Path: p, Reason: "it is on another device than the workspace (a mount inside it)"}
	}
	return nil
}

// deviceOf is the device holding the open directory d, or 0 when unknown.
func deviceOf(d *os.File) uint64 {
	fi, err := d.Stat()
	if err != nil {
		return 0
	}
	_, dev, ok := fileLinks(d, fi)
	if !ok {
		return 0
	}
	return dev
}

// OpenAttachment opens a file a person named, wherever it is, for reading.
// Special files are refused without blocking, and so are hard links. When
// the path names a place inside the workspace dir (if not ""), it must also
// stay there: a symbolic link leading out, or a file on another device
// than the workspace, is refused, since a cloned folder can plant either.
func OpenAttachment(path, dir string) (*os.File, fs.FileInfo, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, nil, err
	}
	var wsDev uint64
	if dir != "" {
		if wsAbs, err := filepath.Abs(dir); err == nil {
			wsReal, rerr := filepath.EvalSymlinks(wsAbs)
			if rerr != nil {
				wsReal = wsAbs
			}
			named := inDir(wsAbs, abs) || inDir(wsReal, abs)
			if named && !inDir(wsReal, real) {
				return nil, nil, &LinkedOutError{Path: path, Reason: "it is a symbolic link that leads outside the workspace"}
			}
			if named {
				if d, err := os.Open(wsReal); err == nil {
					wsDev = deviceOf(d)
					d.Close()
				}
			}
		}
	}
	f, fi, err := OpenRegularFile(real)
	if err != nil {
		var nr *NotRegularError
		if errors.As(err, &nr) {
			nr.Path = path
		}
		return nil, nil, err
	}
	if err := CheckNotLinkedOut(path, f, fi, wsDev); err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// inDir reports whether p is dir or beneath it (both absolute).
func inDir(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !filepath.IsAbs(rel) && !startsWithDotDot(rel)
}

func startsWithDotDot(rel string) bool {
	return len(rel) >= 3 && rel[:2] == ".." && os.IsPathSeparator(rel[2])
}
