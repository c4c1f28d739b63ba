package loop

import (
	"context"
	"testing"
)

// A model that declines (its provider's finish reason says so) ends the
// turn refused; an ordinary answer does not.
func TestRefusalEndsTheTurnRefused(t *testing.T) {
	for _, tt := range []struct {
		finish  string
		refused bool
	}{{"content_filter", true}, {"stop", false}, {"", false}} {
		s := newScript(t, reply{text: "I can't help with that.", finish: tt.finish})
		a := newAgent(t, Config{Client: s.client()})
		res := a.Run(context.Background(), nil, "hi", func(Event) {})
		if res.Err != nil || res.Refused != tt.refused || res.Text != "I can't help with that." {
			t.Errorf("finish %q: refused %v, text %q, err %v; want refused %v", tt.finish, res.Refused, res.Text, res.Err, tt.refused)
		}
	}
}
