package loop

import (
	"testing"
	"time"
)

func TestCoalescer(t *testing.T) {
	var rec recorder
	c := NewCoalescer(rec.emit, time.Hour) // only explicit flushes in this test
	for _, e := range []Event{TextDelta{"Hel"}, TextDelta{"lo"}, ReasoningDelta{"hm"}, ReasoningDelta{"m"},
		TextDelta{" wor"}, TextDelta{"ld"}, ToolCallStarted{ID: "c1"}, TextDelta{"!"}} {
		c.Emit(e)
	}
	c.Flush()
	want := []Event{TextDelta{"Hello"}, ReasoningDelta{"hmm"}, TextDelta{" world"}, ToolCallStarted{ID: "c1"}, TextDelta{"!"}}
	got := rec.all()
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if g, w := got[i], want[i]; !sameEvent(g, w) {
			t.Errorf("event %d = %+v, want %+v", i, g, w)
		}
	}
}

func sameEvent(a, b Event) bool {
	switch x := a.(type) {
	case TextDelta:
		y, ok := b.(TextDelta)
		return ok && x == y
	case ReasoningDelta:
		y, ok := b.(ReasoningDelta)
		return ok && x == y
	case ToolCallStarted:
		y, ok := b.(ToolCallStarted)
		return ok && x.ID == y.ID
	}
	return false
}

func TestCoalescerTimerFlushes(t *testing.T) {
	var rec recorder
	c := NewCoalescer(rec.emit, 10*time.Millisecond)
	c.Emit(TextDelta{"a"})
	c.Emit(TextDelta{"b"})
	deadline := time.Now().Add(2 * time.Second)
	for len(rec.all()) == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if got := rec.all(); len(got) != 1 || got[0].(TextDelta).Text != "ab" {
		t.Fatalf("got %+v", got)
	}
}
