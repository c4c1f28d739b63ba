package egress

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Writer stores recorded entries (agent/session's Store).
type Writer interface {
	WriteNetwork(ctx context.Context, entries []Entry) error
}

// Buffer is a Sink that never blocks a request: entries queue in memory
// and a goroutine writes them in batches; when the queue is full an entry
// is dropped and counted. Close writes what is left.
type Buffer struct {
	ch      chan Entry
	writer  func() Writer
	done    chan struct{}
	dropped atomic.Int64

	mu     sync.RWMutex
	closed bool
}

// bufferSize is how many entries wait for the writer before new ones are
// dropped.
const bufferSize = 1024

// NewBuffer starts a buffer writing to the Writer writer returns at each
// batch; while it returns nil (a store that opens late) entries are kept,
// up to bufferSize.
func NewBuffer(writer func() Writer) *Buffer {
	b := &Buffer{ch: make(chan Entry, bufferSize), writer: writer, done: make(chan struct{})}
	go b.run()
	return b
}

// Record queues e, or drops it when the queue is full or closed.
func (b *Buffer) Record(e Entry) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	if b.closed {
		b.dropped.Add(1)
		return
	}
	select {
	case b.ch <- e:
	default:
		b.dropped.Add(1)
	}
}

// Dropped is how many entries were lost to a full queue or a failed write.
func (b *Buffer) Dropped() int64 { return b.dropped.Load() }

// Close stops taking entries and returns once those queued are written.
func (b *Buffer) Close() {
	b.mu.Lock()
	if !b.closed {
		b.closed = true
		close(b.ch)
	}
	b.mu.Unlock()
	<-b.done
}

func (b *Buffer) run() {
	defer close(b.done)
	var pending []Entry
	for e := range b.ch {
		pending = append(pending, e)
	drain:
		for len(pending) < bufferSize {
			select {
			case e, ok := <-b.ch:
				if !ok {
					break drain
				}
				pending = append(pending, e)
			default:
				break drain
			}
		}
		pending = b.write(pending)
	}
	if pending = b.write(pending); len(pending) > 0 {
		b.dropped.Add(int64(len(pending)))
	}
}

// write stores pending and returns what is still to be written: all of it
// while there is no writer yet (the oldest dropped past bufferSize).
func (b *Buffer) write(pending []Entry) []Entry {
	if len(pending) == 0 {
		return nil
	}
	w := b.writer()
	if w == nil {
		if over := len(pending) - bufferSize; over > 0 {
			b.dropped.Add(int64(over))
			pending = pending[over:]
		}
		return pending
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := w.WriteNetwork(ctx, pending); err != nil {
		b.dropped.Add(int64(len(pending)))
	}
	return nil
}
