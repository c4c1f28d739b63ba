package mcp

import (
	"context"
	"sync"
)

// refreshes counts tool lists being read again after a server's
// tools/list_changed.
type refreshes struct {
	mu   sync.Mutex
	n    int
	idle chan struct{} // closed when n drops to zero
}

func (r *refreshes) begin() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.n == 0 {
		r.idle = make(chan struct{})
	}
	r.n++
}

func (r *refreshes) end() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.n--
	if r.n == 0 {
		close(r.idle)
	}
}

// Settle returns once no server's tool list is being read again after its
// tools/list_changed, or ctx is done: a tool call that made a server add a
// tool then finds it in Tools before the model's next request.
func (m *Manager) Settle(ctx context.Context) error {
	r := &m.refreshes
	r.mu.Lock()
	if r.n == 0 {
		r.mu.Unlock()
		return nil
	}
	idle := r.idle
	r.mu.Unlock()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
