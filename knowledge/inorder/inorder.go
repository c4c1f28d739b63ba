// Package inorder runs checks over a list concurrently and hands their
// results on in the list's order, stopping once enough are handed on.
package inorder

import (
	"context"
	"sync"
	"sync/atomic"
)

// lookahead bounds how far past the first result not yet handed to
// enough the workers of Check may run.
const lookahead = 16

// Check runs check on 0..n-1 with up to workers goroutines and
// returns the results by index. With enough, the results are instead
// handed to it in index order, under a lock, and no more checks start
// once it returns true; nothing is returned (only the results not yet
// handed on are held, in a ring: a phrase checks thousands of files and
// keeps a page of them). The workers never wait for each other's slowest
// (checking a chunk at a time did), but none runs more than lookahead
// past the first result not yet handed on: unbounded, the workers a busy
// scheduler left waiting, each holding one of the first files, let the
// others read on, and a common phrase that needs a page of files now and
// then read all of its thousands of candidates.
func Check[T any](ctx context.Context, n, workers int, check func(i int) T, enough func(T) bool) []T {
	var (
		out     []T
		mu      sync.Mutex
		turn    = sync.NewCond(&mu)
		pending []T    // with enough: result i at i % lookahead...
		done    []bool // ...until handed to it
		inOrder int    // results handed to enough
		next    atomic.Int64
		stop    atomic.Bool
		wg      sync.WaitGroup
	)
	if enough == nil {
		out = make([]T, n)
	} else {
		// A check starts only below inOrder+lookahead, so the results
		// not yet handed on have distinct slots.
		pending, done = make([]T, lookahead), make([]bool, lookahead)
	}
	// A waiting worker is woken by the check it waits behind: each
	// finished check broadcasts, and so does each worker leaving, as one
	// that stops on a cancel leaves the file it took unchecked.
	waitTurn := func(i int) bool {
		if ctx.Err() != nil {
			return false
		}
		mu.Lock()
		defer mu.Unlock()
		for i >= inOrder+lookahead && !stop.Load() && ctx.Err() == nil {
			turn.Wait()
		}
		return !stop.Load() && ctx.Err() == nil
	}
	for range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				mu.Lock()
				turn.Broadcast()
				mu.Unlock()
			}()
			for !stop.Load() && ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n || enough != nil && !waitTurn(i) {
					return
				}
				r := check(i)
				if enough == nil {
					out[i] = r
					continue
				}
				mu.Lock()
				pending[i%lookahead], done[i%lookahead] = r, true
				for k := inOrder % lookahead; inOrder < n && done[k] && !stop.Load(); k = inOrder % lookahead {
					stop.Store(enough(pending[k]))
					var zero T
					pending[k], done[k] = zero, false
					inOrder++
				}
				turn.Broadcast()
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return out
}
