package settings

import (
	"errors"
	"testing"
)

func TestConversationsRunning(t *testing.T) {
	for _, c := range []struct {
		max, want int
		valid     bool
	}{
		{0, DefaultMaxRunning, true},
		{1, 1, true},
		{16, 16, true},
		{17, 17, false},
		{-1, DefaultMaxRunning, false},
	} {
		s := Defaults()
		s.Conversations.MaxRunning = c.max
		if got := s.Conversations.Running(); got != c.want {
			t.Errorf("Running() with %d = %d, want %d", c.max, got, c.want)
		}
		err := s.Validate()
		var ve *ValidationError
		if c.valid && err != nil {
			t.Errorf("maxRunning %d: %v", c.max, err)
		}
		if !c.valid && (!errors.As(err, &ve) || ve.Field != "conversations.maxRunning") {
			t.Errorf("maxRunning %d: got %v, want a conversations.maxRunning error", c.max, err)
		}
	}
}
