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
}

// close closes the index ix, which answered until unanswer.
func closeIndex(ix *knowledge.Index, unanswer func()) {
	if unanswer != nil {
		unanswer()
	}
	_ = ix.Close()
}

// swap installs ix (nil to close) and closes the one it replaces.
func (h *indexHolder) swap(ix *knowledge.Index) {
	h.mu.Lock()
	old, unanswer := h.ix, h.unanswer
	h.ix, h.unanswer = ix, nil
	h.mu.Unlock()
	if old != nil {
		closeIndex(old, unanswer)
	}
}

// OpenIndex (re)opens the project's index with the settings' knowledge
// folders; it returns at once while the index loads and builds in the
// background. A failure is reported through OnStatus.
func (p *Project) OpenIndex(ctx context.Context) {
	o := p.opts.Index
	if o == nil {
		return
	}
	p.ix.mu.Lock()
	p.ix.gen++
	gen := p.ix.gen
	old, unanswer := p.ix.ix, p.ix.unanswer
	p.ix.ix, p.ix.unanswer = nil, nil
	p.ix.mu.Unlock()
	if old != nil {
		go closeIndex(old, unanswer)
	}
	report := func(s knowledge.Status) {
		p.ix.mu.Lock()
		current := p.ix.gen == gen
		p.ix.mu.Unlock()
		if current && o.OnStatus != nil {
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
	if ix != nil { // replaced or closed while it opened
		go closeIndex(ix, stopAnswering)
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
