package project

import (
	"context"
	"sync"

	"github.com/hearth-agent/hearth/agent/oneshot"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/knowledge"
)

// IndexOptions open the project's search index.
type IndexOptions struct {
	// CacheDir holds knowledge indexes; "" is the user cache dir.
	CacheDir string
	// OnStatus is told the index's progress and watcher state; only the
	// project's current index reports, so one being replaced never speaks
	// over its successor.
	OnStatus func(knowledge.Status)
}

// indexHolder is the project's current index and which opening it is.
type indexHolder struct {
	mu  sync.Mutex
	ix  *knowledge.Index
	gen uint64
	// unanswer ends ix answering other processes' one-shot searches.
	unanswer func()
	// retiring are the replaced indexes not yet closed.
	retiring []retired
	closed   bool
	// opening is held while the retiring close and an index opens: one
	// opened before its predecessor closed would find the shared index
	// locked and build a private copy from nothing, which no one-shot asks.
	opening sync.Mutex
	// reopens counts the reopenings still running, which close waits for.
	reopens sync.WaitGroup
}

// retired is a replaced index and how to end its answering.
type retired struct {
	ix       *knowledge.Index
	unanswer func()
}

// take starts a new opening and returns its generation, retiring the
// current index; ok is false once the project closed. The caller holds
// opening or, for a reopening, has counted itself in reopens.
func (h *indexHolder) take(reopen bool) (gen uint64, ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return 0, false
	}
	h.retireLocked()
	if reopen {
		h.reopens.Add(1)
	}
	h.gen++
	return h.gen, true
}

// retireLocked moves the current index to retiring; the caller holds mu.
func (h *indexHolder) retireLocked() {
	if h.ix != nil {
		h.retiring = append(h.retiring, retired{h.ix, h.unanswer})
	}
	h.ix, h.unanswer = nil, nil
}

// closeRetiring closes every replaced index, whichever opening took it
// out: reopenings may win opening in any order.
func (h *indexHolder) closeRetiring() {
	h.mu.Lock()
	rs := h.retiring
	h.retiring = nil
	h.mu.Unlock()
	for _, r := range rs {
		closeIndex(r.ix, r.unanswer)
	}
}

// current says whether gen is still the opening the project wants.
func (h *indexHolder) current(gen uint64) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.gen == gen
}

// close closes the current index after any reopening still running, so
// nothing the project opened outlives it.
func (h *indexHolder) close() {
	h.mu.Lock()
	h.closed = true
	h.gen++
	h.retireLocked()
	h.mu.Unlock()
	h.reopens.Wait()
	h.closeRetiring()
}

// closeIndex closes the index ix, which answered until unanswer.
func closeIndex(ix *knowledge.Index, unanswer func()) {
	if unanswer != nil {
		unanswer()
	}
	_ = ix.Close()
}

// startIndex opens the project's first index on the caller's goroutine:
// nothing precedes it, and the index is there when Open returns.
func (p *Project) startIndex(ctx context.Context) {
	p.ix.opening.Lock()
	defer p.ix.opening.Unlock()
	if gen, ok := p.ix.take(false); ok {
		p.openIndex(ctx, gen)
	}
}

// OpenIndex reopens the project's index with the settings' knowledge
// folders; it returns at once, and in the background closes the index it
// replaces before the new one loads and builds. A failure is reported
// through OnStatus.
func (p *Project) OpenIndex(ctx context.Context) {
	if p.opts.Index == nil {
		return
	}
	gen, ok := p.ix.take(true)
	if !ok {
		return
	}
	go func() {
		defer p.ix.reopens.Done()
		p.ix.opening.Lock()
		defer p.ix.opening.Unlock()
		p.ix.closeRetiring()
		if p.ix.current(gen) {
			p.openIndex(ctx, gen)
		}
	}()
}

// openIndex opens the index of opening gen and installs it, unless a later
// opening or Close superseded it meanwhile. The caller holds opening.
func (p *Project) openIndex(ctx context.Context, gen uint64) {
	o := p.opts.Index
	report := func(s knowledge.Status) {
		if p.ix.current(gen) && o.OnStatus != nil {
			o.OnStatus(s)
		}
	}
	ix, err := knowledge.Open(context.WithoutCancel(ctx), knowledge.Options{
		Workspace: p.dir,
		Folders:   folders(p.stores.Settings()),
		CacheDir:  o.CacheDir,
		OnStatus:  report,
	})
	if err != nil {
		report(knowledge.Status{State: knowledge.StateFailed, Warning: err.Error()})
		return
	}
	// `hearth search` in a terminal reads this index rather than build its own.
	stopAnswering := oneshot.Answer(ix)
	p.ix.mu.Lock()
	if p.ix.gen == gen {
		p.ix.ix, p.ix.unanswer, ix = ix, stopAnswering, nil
	}
	p.ix.mu.Unlock()
	if ix != nil { // superseded while it opened: closed before its successor opens
		closeIndex(ix, stopAnswering)
	}
}

// Index is the project's search index, or nil while none is open.
func (p *Project) Index() *knowledge.Index {
	p.ix.mu.Lock()
	defer p.ix.mu.Unlock()
	return p.ix.ix
}

func folders(st settings.Settings) []knowledge.Folder {
	out := make([]knowledge.Folder, 0, len(st.KnowledgeFolders))
	for _, f := range st.KnowledgeFolders {
		out = append(out, knowledge.Folder{Label: f.Label, Path: f.Path})
	}
	return out
}
