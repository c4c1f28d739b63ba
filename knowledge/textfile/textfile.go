// Package textfile reads the files the index searches: never blocking on
// a FIFO that took a regular file's place, refusing what is over a size
// cap or never ends, into pooled buffers, and showing a big file's head
// first so a reader content with it stops there.
package textfile

import (
	"errors"
	"io"
	"slices"
	"sync"
)

// bufPool recycles file buffers across scans and snippet reads, which
// otherwise allocate (and zero) the size of every file read.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

var (
	// ErrTooLarge: the file holds more than the reader's size cap.
	ErrTooLarge = errors.New("file over the size cap")
	// ErrNotRegular: the file is a device or the like, which may never end.
	ErrNotRegular = errors.New("not a regular file")
)

// ReadAll reads a whole file through open, so it cannot block on a
// FIFO that took a regular file's place.
func ReadAll(path string) ([]byte, error) {
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// file is an open file to read text from (see open).
type file interface {
	io.ReadCloser
	Size() (int64, error)
}

// Buf holds a file's bytes read into a pooled buffer until Release
// returns it (a value, not a func: a closure was an allocation per file
// read, and a phrase reads thousands).
type Buf struct{ p *[]byte }

// Release returns the buffer; the bytes read into it are not to be used
// after.
func (b Buf) Release() {
	if b.p != nil {
		bufPool.Put(b.p)
	}
}

// Read reads a file of at most maxSize bytes into a pooled buffer;
// buf.Release returns it. Snippets must be copied out before Release.
func Read(path string, maxSize int64) (data []byte, buf Buf, err error) {
	data, buf, _, err = ReadPeek(path, maxSize, nil)
	return data, buf, err
}

// HeadLen is how much of a big file's head ReadPeek shows first: a
// common word fills five lines within a few KB.
const HeadLen = 4 << 10

// bigFile is the size from which ReadPeek shows peek a file's head:
// a smaller file is read in one call either way.
const bigFile = 4 * HeadLen

// ReadPeek is Read, except that a file of bigFile bytes or more
// is first shown to peek as its first HeadLen bytes; when peek is satisfied
// (done) the rest is not read and there is no data. Top hits are often
// the biggest files, and a common word's lines are all in their heads.
// The file's size is asked for only once it fills the first buffer:
// reads stop at the first short one (a regular file's end), so a file
// that fits the first buffer is one open, one read and one close: an
// fstat per file was a visible cost of a phrase reading many files.
func ReadPeek(path string, maxSize int64, peek func(head []byte) bool) (data []byte, held Buf, done bool, err error) {
	f, err := open(path)
	if err != nil {
		return nil, Buf{}, false, err
	}
	defer f.Close()
	bp := bufPool.Get().(*[]byte)
	buf := (*bp)[:cap(*bp)]
	put := func() { *bp = buf[:0]; bufPool.Put(bp) }
	first := len(buf)
	if peek != nil {
		first = bigFile
	}
	n, sized := 0, false
	for {
		end := len(buf)
		if n == 0 {
			end = first
		}
		m, err := f.Read(buf[n:end])
		if err != nil && err != io.EOF {
			put()
			return nil, Buf{}, false, err
		}
		n += m
		if int64(n) > maxSize {
			put()
			return nil, Buf{}, false, ErrTooLarge
		}
		if err == io.EOF || n < end {
			*bp = buf[:0] // a grown buffer goes back to the pool
			return buf[:n], Buf{bp}, false, nil
		}
		if n == first && peek != nil && peek(buf[:HeadLen]) {
			put()
			return nil, Buf{}, true, nil
		}
		if n == len(buf) {
			// A big file: its size, asked once, makes the rest one read
			// into a buffer of that size (doubling copied what was read).
			extra := len(buf)
			if !sized {
				sized = true
				size, err := f.Size()
				if errors.Is(err, ErrNotRegular) {
					put()
					return nil, Buf{}, false, err
				}
				if err == nil && size > maxSize {
					put()
					return nil, Buf{}, false, ErrTooLarge
				}
				if err == nil {
					extra = max(int(size)-n+512, 512)
				}
			}
			buf = slices.Grow(buf, extra)
			buf = buf[:cap(buf)]
		}
	}
}
