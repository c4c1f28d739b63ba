package conversation

import "context"

// Slots bound how many turns run at once across the conversations that
// share them (a project's); a turn waits for one before its stages run.
type Slots interface {
	// Acquire waits until a slot is free or ctx ends, calling waiting
	// once first when it has to wait; release gives the slot back.
	Acquire(ctx context.Context, waiting func()) (release func(), err error)
}

// waitSlot takes one of the shared slots for a turn, saying on its stream
// while it waits; with no Slots it returns at once.
func (c *Conversation) waitSlot(ctx context.Context, s *turnStream) (func(), error) {
	if c.cfg.Slots == nil {
		return func() {}, nil
	}
	waited := false
	release, err := c.cfg.Slots.Acquire(ctx, func() {
		waited = true
		s.send(&SlotWaiting{})
	})
	if waited {
		s.send(&SlotWaiting{Done: true})
	}
	return release, err
}
