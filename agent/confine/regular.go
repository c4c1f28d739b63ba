package confine

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// ErrNotRegular reports a path that is a named pipe, socket, device or other
// special file, which the file tools refuse because reading it can block
// forever or never end.
var ErrNotRegular = errors.New("not a regular file")

// NotRegularError names the special file and its kind.
type NotRegularError struct {
	Path string
	Kind string // "named pipe (FIFO)", "socket", "device", ...
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is a %s, not a regular file", e.Path, e.Kind)
}

// Is makes errors.Is(err, ErrNotRegular) true.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

// kindOf names the kind of a non-regular mode, or "" for a regular file.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return ""
	case m&fs.ModeNamedPipe != 0:
		return "named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "device"
	case m.IsDir():
		return "directory"
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	}
	return "special file"
}

// checkRegular returns a NotRegularError for p unless fi is a regular file.
func checkRegular(p string, fi fs.FileInfo) error {
	if k := kindOf(fi.Mode()); k != "" {
		return &NotRegularError{Path: p, Kind: k}
	}
	return nil
}

// OpenRegular opens file p for reading only if it is a regular file. Its type
// is checked before opening (opening some devices has effects), the open is
// non-blocking (a file swapped for a FIFO in between cannot block it), and
// what was opened is checked again; its info is returned with it. Options
// add checks (NotLinkedOut).
func (r *Root) OpenRegular(p string, opts ...OpenOption) (*os.File, fs.FileInfo, error) {
	rel, err := r.Rel(p)
	if err != nil {
		return nil, nil, err
	}
	fi, err := r.root.Stat(rel)
	if err != nil {
		return nil, nil, r.wrap(p, err)
	}
	if err := checkRegular(p, fi); err != nil {
		return nil, nil, err
	}
	f, fi, err := OpenRegularIn(r.root, rel)
	if err != nil {
		var nr *NotRegularError
		if errors.As(err, &nr) {
			nr.Path = p
			return nil, nil, nr
		}
		return nil, nil, r.wrap(p, err)
	}
	for _, o := range opts {
		if o != NotLinkedOut {
			continue
		}
		if err := CheckNotLinkedOut(p, f, fi, r.dev); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	return f, fi, nil
}

// OpenRegularFile opens path, anywhere, as OpenRegular opens a workspace
// file: special files are refused before and after a non-blocking open.
func OpenRegularFile(path string) (*os.File, fs.FileInfo, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if err := checkRegular(path, fi); err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, nil, err
	}
	if fi, err = f.Stat(); err == nil {
		err = checkRegular(path, fi)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// OpenRegularIn opens name inside dir non-blocking and returns it, with its
// info, only if it is a regular file, for walkers that already know (from
// the directory listing) that it was one.
func OpenRegularIn(dir *os.Root, name string) (*os.File, fs.FileInfo, error) {
	f, err := dir.OpenFile(name, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		err = checkRegular(name, fi)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// ReadFile reads a whole regular file; special files are refused.
func (r *Root) ReadFile(p string) ([]byte, error) {
	f, fi, err := r.OpenRegular(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var b bytes.Buffer
	b.Grow(int(fi.Size()) + bytes.MinRead)
	_, err = b.ReadFrom(f)
	return b.Bytes(), err
}
