package watch

import (
	"context"
	"time"
)

// fallBack stops event watching and polls with a reconcile instead.
func (w *Watcher) fallBack(warning string) {
	w.mu.Lock()
	if w.polling {
		w.mu.Unlock()
		return
	}
	w.polling = true
	w.mu.Unlock()
	w.x.Watching(Polling, warning)
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		t := time.NewTicker(w.pollInterval)
		defer t.Stop()
		for {
			select {
			case <-w.done:
				return
			case <-t.C:
				ctx, cancel := context.WithCancel(context.Background())
				go func() {
					select {
					case <-w.done:
						cancel()
					case <-ctx.Done():
					}
				}()
				w.x.Rescan(ctx)
				cancel()
			}
		}
	}()
}
