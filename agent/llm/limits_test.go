package llm

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestLimitsDefaults(t *testing.T) {
	tests := []struct {
		name string
		in   Limits
		want Limits
	}{
		{"zero", Limits{}, Limits{Idle: DefaultIdleTimeout, NoContent: DefaultNoContentTimeout, MaxResponse: DefaultMaxResponse, MaxEvent: 2 * DefaultMaxResponse}},
		{"slow local server", Limits{Idle: 5 * time.Minute}, Limits{Idle: 5 * time.Minute, NoContent: 5 * time.Minute, MaxResponse: DefaultMaxResponse, MaxEvent: 2 * DefaultMaxResponse}},
		{"set", Limits{Idle: time.Second, NoContent: 2 * time.Second, MaxResponse: 10, MaxEvent: 7}, Limits{Idle: time.Second, NoContent: 2 * time.Second, MaxResponse: 10, MaxEvent: 7}},
	}
	for _, tt := range tests {
		if got := tt.in.withDefaults(); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// An event of many short data lines is bounded like one long line.
func TestSSEEventTooLong(t *testing.T) {
	d := NewSSEDecoder(strings.NewReader(strings.Repeat("data: 0123456789\n", 1000) + "\n"))
	d.MaxLine = 4 << 10
	_, err := d.Next()
	if !errors.Is(err, ErrEventTooLong) || !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrEventTooLong (ErrTooLarge)", err)
	}
	d = NewSSEDecoder(strings.NewReader(strings.Repeat("data: 0123456789\n", 100) + "\n"))
	d.MaxLine = 4 << 10
	if ev, err := d.Next(); err != nil || len(ev.Data) != 100*11-1 {
		t.Fatalf("an event under the cap: %d bytes, %v", len(ev.Data), err)
	}
}
