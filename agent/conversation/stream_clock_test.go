package conversation

import (
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/redact"
)

// fakeTimers stands in for time.AfterFunc: a timer fires only when the
// test says so, so the coalescing is tested without waiting on a clock.
type fakeTimers struct {
	armed []*fakeTimer
}

type fakeTimer struct {
	d             time.Duration
	f             func()
	stopped, done bool
}

func (c *fakeTimers) afterFunc(d time.Duration, f func()) func() bool {
	t := &fakeTimer{d: d, f: f}
	c.armed = append(c.armed, t)
	return func() bool {
		live := !t.stopped && !t.done
		t.stopped = true
		return live
	}
}

// live is the timer armed and neither fired nor stopped, nil if none.
func (c *fakeTimers) live() *fakeTimer {
	for _, t := range c.armed {
		if !t.stopped && !t.done {
			return t
		}
	}
	return nil
}

// fire runs the live timer's function as its expiry would.
func (c *fakeTimers) fire(t *testing.T) {
	t.Helper()
	tm := c.live()
	if tm == nil {
		t.Fatal("no timer armed to fire")
	}
	tm.done = true
	tm.f()
}

// summary is each event's type and text, in order.
func summary(events []Event) []string {
	var out []string
	for _, e := range events {
		switch e := e.(type) {
		case *Text:
			out = append(out, "text:"+e.Text)
		case *Reasoning:
			out = append(out, "reasoning:"+e.Text)
		default:
			out = append(out, eventType(e))
		}
	}
	return out
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func newClockedStream() (*turnStream, *fakeTimers, *[]Event) {
	var events []Event
	s := newTurnStream(func(e Event) { events = append(events, e) }, redact.New(), "t1")
	clock := &fakeTimers{}
	s.afterFunc = clock.afterFunc
	return s, clock, &events
}

// Deltas wait for the flush interval and leave as one event per kind; the
// next delta arms a new interval.
func TestDeltasAreMergedUntilTheFlushInterval(t *testing.T) {
	s, clock, events := newClockedStream()
	s.delta("reasoning", "thinking it over.\n")
	s.delta("text", "Hello ")
	s.delta("text", "there.\n")
	if len(*events) != 0 {
		t.Fatalf("sent before the interval: %v", summary(*events))
	}
	if n := len(clock.armed); n != 1 {
		t.Fatalf("%d timers armed for three deltas, want 1", n)
	}
	if d := clock.live().d; d != TextFlushInterval {
		t.Fatalf("armed for %v, want TextFlushInterval (%v)", d, TextFlushInterval)
	}
	clock.fire(t)
	want := []string{"reasoning:thinking it over.\n", "text:Hello there.\n"}
	if got := summary(*events); !equal(got, want) {
		t.Fatalf("after the interval: %q, want %q", got, want)
	}
	s.delta("text", "More.\n")
	if clock.live() == nil {
		t.Fatal("a delta after a flush armed no timer")
	}
	clock.fire(t)
	want = append(want, "text:More.\n")
	if got := summary(*events); !equal(got, want) {
		t.Fatalf("after the second interval: %q, want %q", got, want)
	}
}

// Any other event sends the buffered text first, without waiting, and
// disarms the timer so the text is not sent twice.
func TestAnEventSendsTheTextBeforeIt(t *testing.T) {
	s, clock, events := newClockedStream()
	s.delta("text", "Let me look.\n")
	s.send(&Done{})
	want := []string{"text:Let me look.\n", "done"}
	if got := summary(*events); !equal(got, want) {
		t.Fatalf("events %q, want %q", got, want)
	}
	if clock.live() != nil {
		t.Fatal("the flush timer is still armed after the text was sent")
	}
	for i, e := range *events {
		if h, _, _ := e.frame(); h.Seq != i+1 {
			t.Fatalf("event %d numbered %d, want %d", i, h.Seq, i+1)
		}
	}
}
