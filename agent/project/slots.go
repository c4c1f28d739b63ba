package project

import (
	"context"
	"sync"
)

// slots is the project's bound on turns running at once, first come first
// served. The bound is read at each acquire and release, so a changed
// setting applies without reopening the folder (which is why this is not
// golang.org/x/sync/semaphore, whose size is fixed).
type slots struct {
	limit func() int

	mu      sync.Mutex
	running int
	waiters []chan struct{} // closed when granted a slot, oldest first
}

// Acquire waits for a free slot until ctx ends (conversation.Slots).
func (s *slots) Acquire(ctx context.Context, waiting func()) (func(), error) {
	s.mu.Lock()
	if len(s.waiters) == 0 && s.running < s.limit() {
		s.running++
		s.mu.Unlock()
		return s.releaser(), nil
	}
	ready := make(chan struct{})
	s.waiters = append(s.waiters, ready)
	s.mu.Unlock()
	if waiting != nil {
		waiting()
	}
	select {
	case <-ready:
		return s.releaser(), nil
	case <-ctx.Done():
		s.mu.Lock()
		defer s.mu.Unlock()
		select {
		case <-ready: // granted as it gave up: pass the slot on
			s.running--
			s.grantLocked()
		default:
			s.dropLocked(ready)
		}
		return nil, ctx.Err()
	}
}

// releaser gives the slot back once, however often it is called.
func (s *slots) releaser() func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.running--
			s.grantLocked()
		})
	}
}

// grantLocked hands free slots to the oldest waiters.
func (s *slots) grantLocked() {
	for len(s.waiters) > 0 && s.running < s.limit() {
		close(s.waiters[0])
		s.waiters = s.waiters[1:]
		s.running++
	}
}

func (s *slots) dropLocked(ready chan struct{}) {
	for i, w := range s.waiters {
		if w == ready {
			s.waiters = append(s.waiters[:i:i], s.waiters[i+1:]...)
			return
		}
	}
}

// counts are the turns running and waiting for a slot.
func (s *slots) counts() (running, waiting int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.running, len(s.waiters)
}
