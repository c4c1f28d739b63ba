package loop

import (
	"sync"
	"time"
)

// Coalescer merges the text and reasoning deltas that arrive within one
// interval into a single event, so a UI bridge (Wails events) sends tens of
// events a second instead of one per token. Any other event first flushes
// what is pending, so the order of events is kept; none is dropped.
type Coalescer struct {
	mu       sync.Mutex
	out      func(Event)
	interval time.Duration
	text     []byte
	kind     Event // TextDelta{} or ReasoningDelta{} while text is pending
	timer    *time.Timer
}

// NewCoalescer forwards to out, which is never called concurrently.
func NewCoalescer(out func(Event), interval time.Duration) *Coalescer {
	return &Coalescer{out: out, interval: interval}
}

// Emit takes one event; pass it as the loop's emit function.
func (c *Coalescer) Emit(e Event) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch d := e.(type) {
	case TextDelta:
		c.add(TextDelta{}, d.Text)
		return
	case ReasoningDelta:
		c.add(ReasoningDelta{}, d.Text)
		return
	}
	c.flushLocked()
	c.out(e)
}

func (c *Coalescer) add(kind Event, s string) {
	if c.kind != nil && c.kind != kind {
		c.flushLocked()
	}
	c.kind = kind
	c.text = append(c.text, s...)
	if c.timer == nil {
		c.timer = time.AfterFunc(c.interval, c.Flush)
	}
}

// Flush sends pending text now.
func (c *Coalescer) Flush() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.flushLocked()
}

func (c *Coalescer) flushLocked() {
	if c.timer != nil {
		c.timer.Stop()
		c.timer = nil
	}
	if c.kind == nil {
		return
	}
	text := string(c.text)
	c.text = c.text[:0]
	switch c.kind.(type) {
	case TextDelta:
		c.out(TextDelta{Text: text})
	case ReasoningDelta:
		c.out(ReasoningDelta{Text: text})
	}
	c.kind = nil
}
