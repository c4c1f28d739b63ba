package process

import (
	"context"
	"sync"
)

// Stop ends process id's whole tree: SIGTERM first, SIGKILL for whatever
// is left after the grace period (at once if ctx ends). It returns once
// nothing of the tree is left.
func (t *Table) Stop(ctx context.Context, id string) (Info, error) {
	p, err := t.get(id)
	if err != nil {
		return Info{}, err
	}
	t.stop(ctx, p)
	return p.info(), nil
}

func (t *Table) stop(ctx context.Context, p *proc) {
	p.mu.Lock()
	if p.isDone() {
		p.mu.Unlock()
		return
	}
	p.stopping = true
	p.mu.Unlock()
	terminate(p.tree)
	select {
	case <-p.done:
		return
	case <-t.opts.Clock.After(t.opts.Grace):
	case <-ctx.Done():
	}
	p.tree.Kill()
	<-p.done
}

// Close stops every process and refuses new ones; it returns once all
// are gone. Closing twice is harmless.
func (t *Table) Close() {
	t.mu.Lock()
	t.closed = true
	procs := t.procs
	t.mu.Unlock()
	var wg sync.WaitGroup
	for _, p := range procs {
		wg.Go(func() { t.stop(context.Background(), p) })
	}
	wg.Wait()
}
