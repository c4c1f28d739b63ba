package process

import (
	"fmt"
	"sync"
)

// output keeps the last keep bytes a process wrote and where the model's
// reading stands, so a chatty server cannot grow Hearth's memory.
type output struct {
	mu    sync.Mutex
	keep  int
	buf   []byte // the last bytes written, at most keep
	total int64  // bytes ever written
	read  int64  // bytes the model has been given (or skipped)
	first chan struct{}
	once  sync.Once
}

func newOutput(keep int) *output {
	return &output{keep: keep, first: make(chan struct{})}
}

// Write implements io.Writer for the process's stdout and stderr.
func (o *output) Write(b []byte) (int, error) {
	o.mu.Lock()
	o.total += int64(len(b))
	o.buf = append(o.buf, b...)
	if over := len(o.buf) - o.keep; over > 0 {
		o.buf = append(o.buf[:0], o.buf[over:]...)
	}
	o.mu.Unlock()
	if len(b) > 0 {
		o.once.Do(func() { close(o.first) })
	}
	return len(b), nil
}

// next returns what was written since the last call, at most max bytes
// (the newest ones), saying how many were skipped, and marks it read.
func (o *output) next(max int) string {
	o.mu.Lock()
	defer o.mu.Unlock()
	from := o.read
	o.read = o.total
	return o.sliceLocked(from, max)
}

// tail returns the last max bytes, read or not.
func (o *output) tail(max int) string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.sliceLocked(0, max)
}

// all returns what is kept, for the fallback port scan.
func (o *output) all() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return string(o.buf)
}

func (o *output) sliceLocked(from int64, max int) string {
	start := o.total - int64(len(o.buf)) // offset of buf[0]
	skipped := int64(0)
	if from < start {
		skipped, from = start-from, start
	}
	if o.total-from > int64(max) {
		skipped += o.total - int64(max) - from
		from = o.total - int64(max)
	}
	text := string(o.buf[from-start:])
	if skipped > 0 && from > 0 {
		text = fmt.Sprintf("[%d earlier bytes not shown]\n", skipped) + text
	}
	return text
}
