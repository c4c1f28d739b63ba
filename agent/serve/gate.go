package serve

import (
	"context"
	"errors"
	"sync/atomic"
)

// errBusy means every turn slot is taken and the queue is full.
var errBusy = errors.New("busy")

// gate lets at most cap(slots) turns run at once and at most maxQueue
// wait for a slot; past that a request is refused at once (429).
type gate struct {
	slots    chan struct{}
	waiting  atomic.Int64
	maxQueue int64
}

func newGate(running, queued int) *gate {
	return &gate{slots: make(chan struct{}, running), maxQueue: int64(queued)}
}

// enter waits for a slot; release gives it back.
func (g *gate) enter(ctx context.Context) (release func(), err error) {
	release = func() { <-g.slots }
	select {
	case g.slots <- struct{}{}:
		return release, nil
	default:
	}
	if g.waiting.Add(1) > g.maxQueue {
		g.waiting.Add(-1)
		return nil, errBusy
	}
	defer g.waiting.Add(-1)
	select {
	case g.slots <- struct{}{}:
		return release, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
