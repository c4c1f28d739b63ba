package lsp

import (
	"context"
	"errors"
	"io/fs"
	"os"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// FilesChanged tells the running servers that files changed on disk
// behind them (a shell command's writes): an open document gets the new
// text, the others a watched-files event, so the next diagnostics are of
// the files as they are. Servers not running learn it when they start.
func (m *Manager) FilesChanged(ctx context.Context, abs []string) {
	m.mu.Lock()
	var clients []*client
	for _, s := range m.servers {
		s.mu.Lock()
		if s.c != nil && !s.c.dead() {
			clients = append(clients, s.c)
		}
		s.mu.Unlock()
	}
	m.mu.Unlock()
	for _, c := range clients {
		var events []*protocol.FileEvent
		for _, p := range abs {
			u := uri.File(p)
			b, err := os.ReadFile(p)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				events = append(events, &protocol.FileEvent{URI: u, Type: protocol.FileChangeTypeDeleted})
				c.forget(ctx, u)
			case err != nil:
			case c.isOpen(u):
				_, id := languageOf(m.opts.Languages, p)
				_, _, _, _ = c.sync(ctx, u, id, string(b))
			default:
				events = append(events, &protocol.FileEvent{URI: u, Type: protocol.FileChangeTypeChanged})
			}
		}
		if len(events) > 0 {
			_ = c.conn.Notify(ctx, protocol.MethodWorkspaceDidChangeWatchedFiles, protocol.DidChangeWatchedFilesParams{Changes: events})
		}
	}
}

func (c *client) isOpen(u protocol.DocumentURI) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.docs[u] != nil
}

// forget closes a document whose file is gone.
func (c *client) forget(ctx context.Context, u protocol.DocumentURI) {
	c.mu.Lock()
	open := c.docs[u] != nil
	delete(c.docs, u)
	c.mu.Unlock()
	if open {
		_ = c.conn.Notify(ctx, protocol.MethodTextDocumentDidClose, protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	}
}
