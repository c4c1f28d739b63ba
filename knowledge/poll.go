package knowledge

import (
	"context"
	"time"
)

// fallBack stops event watching and polls with a reconcile instead.
func (w *watcher) fallBack(warning string) {
	w.mu.Lock()
	if w.polling {
		w.mu.Unlock()
		return
	}
	w.polling = true
	w.mu.Unlock()
	w.x.update(false, func(s *Status) { s.Watcher = WatchPolling; s.Warning = warning })
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		t := time.NewTicker(w.x.opts.PollInterval)
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
				_ = w.x.reconcile(ctx, nil, false)
				cancel()
			}
		}
	}()
}
