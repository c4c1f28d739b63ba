package knowledge

import (
	"errors"
	"io"
	"sync"
)

// bufPool recycles file buffers across scans and snippet reads, which
// otherwise allocate (and zero) the size of every file read.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

var errTooLarge = errors.New("file over the size cap")

// readText reads a file of at most maxSize bytes into a pooled buffer;
// release returns it. Snippets must be copied out before release.
func readText(path string, maxSize int64) (data []byte, release func(), err error) {
	data, release, _, err = readTextPeek(path, maxSize, nil)
	return data, release, err
}

// bigFile is the size from which readTextPeek shows peek a file's head.
const bigFile = 4 * headLen

// readTextPeek is readText, except that a file over bigFile bytes is
// first shown to peek as its first headLen bytes; when peek is satisfied
// (done) the rest is not read and there is no data. Top hits are often
// the biggest files, and a common word's lines are all in their heads.
func readTextPeek(path string, maxSize int64, peek func(head []byte) bool) (data []byte, release func(), done bool, err error) {
	f, size, err := openText(path)
	if err != nil {
		return nil, nil, false, err
	}
	defer f.Close()
	if size > maxSize {
		return nil, nil, false, errTooLarge
	}
	bp := bufPool.Get().(*[]byte)
	buf := *bp
	if int64(cap(buf)) < size+1 {
		buf = make([]byte, 0, size+512)
	}
	buf = buf[:cap(buf)]
	put := func() { *bp = buf[:0]; bufPool.Put(bp) }
	n := 0
	if peek != nil && size > bigFile {
		m, err := io.ReadFull(f, buf[:headLen])
		n = m
		switch {
		case err == nil && peek(buf[:n]):
			put()
			return nil, func() {}, true, nil
		case err != nil && err != io.ErrUnexpectedEOF && err != io.EOF: // shrunk: read on
			put()
			return nil, nil, false, err
		}
	}
	for {
		m, err := f.Read(buf[n:])
		n += m
		// A short read of a regular file is its end: no extra read to
		// hear EOF (scans read thousands of small files).
		if err == io.EOF || err == nil && n < len(buf) {
			break
		}
		if err != nil {
			put()
			return nil, nil, false, err
		}
		if int64(n) > maxSize { // the file grew while being read
			put()
			return nil, nil, false, errTooLarge
		}
		buf = append(buf, 0)[:cap(buf)]
	}
	return buf[:n], put, false, nil
}
