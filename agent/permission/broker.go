package permission

import (
	"context"
	"errors"
	"sync"
)

// ErrUnknownRequest is returned by Respond for a request that is not
// pending: never made, already decided, or cancelled.
var ErrUnknownRequest = errors.New("no such pending approval request")

// Broker is an Approver for front-ends: each request is published to the
// UI, waits for one Respond (or the call's cancellation), and exactly one
// outcome wins — a late click after a cancel, or a second click, gets
// ErrUnknownRequest instead of silently doing nothing.
type Broker struct {
	publish func(Request)
	resolve func(id string) // optional: tells the UI a request is gone

	mu      sync.Mutex
	pending map[string]*pendingReq
}

type pendingReq struct {
	req  Request
	done chan Decision // buffered 1; written once under Broker.mu
}

// NewBroker returns a Broker that shows requests with publish (which must not
// block) and reports resolved ones with resolved (may be nil).
func NewBroker(publish func(Request), resolved func(id string)) *Broker {
	return &Broker{publish: publish, resolve: resolved, pending: make(map[string]*pendingReq)}
}

var _ Approver = (*Broker)(nil)

// Approve publishes req and waits for Respond or ctx.
func (b *Broker) Approve(ctx context.Context, req Request) (Decision, error) {
	if req.ID == "" {
		req.ID = newID()
	}
	p := &pendingReq{req: req, done: make(chan Decision, 1)}
	b.mu.Lock()
	b.pending[req.ID] = p
	b.mu.Unlock()
	if b.publish != nil {
		b.publish(req)
	}
	select {
	case d := <-p.done:
		return d, nil
	case <-ctx.Done():
		b.mu.Lock()
		_, still := b.pending[req.ID]
		delete(b.pending, req.ID)
		b.mu.Unlock()
		if !still {
			// Respond won the race: honour the decision already made.
			return <-p.done, nil
		}
		b.resolved(req.ID)
		return Decision{}, ctx.Err()
	}
}

// Respond decides a pending request. Only the first response counts.
func (b *Broker) Respond(id string, d Decision) error {
	switch d.Choice {
	case AllowOnce, AllowSession, Reject:
	default:
		return errors.New("unknown approval choice " + string(d.Choice))
	}
	b.mu.Lock()
	p, ok := b.pending[id]
	if ok {
		delete(b.pending, id)
		p.done <- d
	}
	b.mu.Unlock()
	if !ok {
		return ErrUnknownRequest
	}
	b.resolved(id)
	return nil
}

// Pending lists the requests waiting for a decision (e.g. for a UI that
// reconnects).
func (b *Broker) Pending() []Request {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]Request, 0, len(b.pending))
	for _, p := range b.pending {
		out = append(out, p.req)
	}
	return out
}

func (b *Broker) resolved(id string) {
	if b.resolve != nil {
		b.resolve(id)
	}
}
