package project

import (
	"sync"

	"github.com/hearth-agent/hearth/agent/lsp"
	"github.com/hearth-agent/hearth/agent/tools"
)

// langHolder is the project's language servers, made on first need.
type langHolder struct {
	mu     sync.Mutex
	m      *lsp.Manager
	closed bool
}

// Languages are the project's language servers for a turn working in ws:
// nil when the person turned them off, when there is no folder, or when
// the turn works elsewhere (a worktree of its own), since a server rooted
// at the project would see the wrong files.
func (p *Project) Languages(ws string) tools.Diagnoser {
	if p.dir == "" || ws != p.dir {
		return nil
	}
	d := p.stores.Settings().Diagnostics
	if d.Off {
		return nil
	}
	h := &p.langs
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil
	}
	if h.m == nil {
		h.m = lsp.New(lsp.Options{Workspace: p.dir, Trusted: p.trustedServer})
	}
	h.m.SetWait(d.WaitDuration())
	return h.m
}

// LanguageServers say which servers the project started and why any is
// off.
func (p *Project) LanguageServers() []lsp.Status {
	p.langs.mu.Lock()
	m := p.langs.m
	p.langs.mu.Unlock()
	if m == nil {
		return nil
	}
	return m.Statuses()
}

// trustedServer asks trust, as it is now, about a server the folder
// brings.
func (p *Project) trustedServer(rel string) (bool, string) {
	e, err := p.Judged()
	if err != nil {
		return false, err.Error()
	}
	return e.TrustedLanguageServer(rel)
}

// close stops the servers; none start after it.
func (h *langHolder) close() {
	h.mu.Lock()
	m := h.m
	h.m, h.closed = nil, true
	h.mu.Unlock()
	if m != nil {
		m.Close()
	}
}
