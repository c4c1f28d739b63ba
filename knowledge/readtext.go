package knowledge

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
	errTooLarge   = errors.New("file over the size cap")
	errNotRegular = errors.New("not a regular file")
)

// readWhole reads a whole file through openText, so it cannot block on a
// FIFO that took a regular file's place.
func readWhole(path string) ([]byte, error) {
	f, err := openText(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// textFile is an open file to read text from (see openText).
type textFile interface {
	io.ReadCloser
	Size() (int64, error)
}

// textBuf holds a file's bytes read into a pooled buffer until release
// returns it (a value, not a func: a closure was an allocation per file
// read, and a phrase reads thousands).
type textBuf struct{ p *[]byte }

// release returns the buffer; the bytes read into it are not to be used
// after.
func (b textBuf) release() {
	if b.p != nil {
		bufPool.Put(b.p)
	}
}

// readText reads a file of at most maxSize bytes into a pooled buffer;
// buf.release returns it. Snippets must be copied out before release.
func readText(path string, maxSize int64) (data []byte, buf textBuf, err error) {
	data, buf, _, err = readTextPeek(path, maxSize, nil)
	return data, buf, err
}

// bigFile is the size from which readTextPeek shows peek a file's head:
// a smaller file is read in one call either way.
const bigFile = 4 * headLen

// readTextPeek is readText, except that a file of bigFile bytes or more
// is first shown to peek as its first headLen bytes; when peek is satisfied
// (done) the rest is not read and there is no data. Top hits are often
// the biggest files, and a common word's lines are all in their heads.
// The file's size is asked for only once it fills the first buffer:
// reads stop at the first short one (a regular file's end), so a file
// that fits the first buffer is one open, one read and one close: an
// fstat per file was a visible cost of a phrase reading many files.
func readTextPeek(path string, maxSize int64, peek func(head []byte) bool) (data []byte, held textBuf, done bool, err error) {
	f, err := openText(path)
	if err != nil {
		return nil, textBuf{}, false, err
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
			return nil, textBuf{}, false, err
		}
		n += m
		if int64(n) > maxSize {
			put()
			return nil, textBuf{}, false, errTooLarge
		}
		if err == io.EOF || n < end {
			*bp = buf[:0] // a grown buffer goes back to the pool
			return buf[:n], textBuf{bp}, false, nil
		}
		if n == first && peek != nil && peek(buf[:headLen]) {
			put()
			return nil, textBuf{}, true, nil
		}
		if n == len(buf) {
			// A big file: its size, asked once, makes the rest one read
			// into a buffer of that size (doubling copied what was read).
			extra := len(buf)
			if !sized {
				sized = true
				size, err := f.Size()
				if errors.Is(err, errNotRegular) {
					put()
					return nil, textBuf{}, false, err
				}
				if err == nil && size > maxSize {
					put()
					return nil, textBuf{}, false, errTooLarge
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
