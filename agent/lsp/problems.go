package lsp

import (
	"go.lsp.dev/uri"
)

// Problems counts the errors and warnings the running server of abs's
// language last published for it, starting and waiting for nothing; ok is
// false when no running server has reported on the file.
func (m *Manager) Problems(abs string) (errors, warnings int, ok bool) {
	l, _ := languageOf(m.opts.Languages, abs)
	if l == nil {
		return 0, 0, false
	}
	m.mu.Lock()
	s := m.servers[l.Name]
	m.mu.Unlock()
	if s == nil {
		return 0, 0, false
	}
	s.mu.Lock()
	c := s.c
	s.mu.Unlock()
	if c == nil || c.dead() {
		return 0, 0, false
	}
	c.mu.Lock()
	p, have := c.diags[uri.File(abs)]
	c.mu.Unlock()
	if !have {
		return 0, 0, false
	}
	list := worthShowing(p.list)
	errors = len(errorsOnly(list))
	return errors, len(list) - errors, true
}
