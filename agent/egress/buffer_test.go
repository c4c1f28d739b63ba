package egress

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/hearth-agent/hearth/internal/eventually"
)

type memWriter struct {
	mu sync.Mutex
	es []Entry
}

func (w *memWriter) WriteNetwork(_ context.Context, es []Entry) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.es = append(w.es, es...)
	return nil
}

func (w *memWriter) len() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.es)
}

func TestBufferWritesInTheBackground(t *testing.T) {
	w := &memWriter{}
	b := NewBuffer(func() Writer { return w })
	defer b.Close()
	b.Record(Entry{Host: "a"})
	eventually.True(t, "the entry written", func() bool { return w.len() == 1 })
}

func TestBufferKeepsEntriesUntilItsWriterOpens(t *testing.T) {
	w := &memWriter{}
	var ready atomic.Bool
	b := NewBuffer(func() Writer {
		if !ready.Load() {
			return nil
		}
		return w
	})
	for i := 0; i < 3; i++ {
		b.Record(Entry{Host: "a"})
	}
	ready.Store(true)
	b.Close()
	if w.len() != 3 {
		t.Errorf("wrote %d entries on close, want 3", w.len())
	}
	b.Record(Entry{Host: "late"}) // after Close: dropped, never a panic
	if b.Dropped() != 1 {
		t.Errorf("dropped %d, want 1", b.Dropped())
	}
}
