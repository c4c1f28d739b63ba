package mcp

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Mentioned is a resource a prompt names as "@server:uri", read for the
// model: its text contents (capped, redacted) and any binary contents.
type Mentioned struct {
	Server string
	URI    string
	Text   string
	Blobs  []Blob
}

// Blob is a binary part of a resource (an image, a PDF…).
type Blob struct {
	URI      string
	MIMEType string
	Data     []byte
}

// mentionPattern is Claude Code's form for an MCP resource in a prompt:
// "@server:scheme://rest", at a word boundary.
var mentionPattern = regexp.MustCompile(`(?:^|\s)@([A-Za-z0-9_.-]+):([A-Za-z][A-Za-z0-9+.-]*:\S+)`)

// MentionedResources reads every resource text mentions as "@server:uri"
// of a server this manager runs, once each, in order; a mention of a
// server it does not run is left as text (it may be a file path).
func (m *Manager) MentionedResources(ctx context.Context, text string) ([]Mentioned, error) {
	var out []Mentioned
	seen := map[string]bool{}
	for _, g := range mentionPattern.FindAllStringSubmatch(text, -1) {
		server, uri := g[1], strings.TrimRight(g[2], ".,;:!?)")
		if seen[server+"\x00"+uri] {
			continue
		}
		s, err := m.get(server)
		if err != nil {
			continue
		}
		seen[server+"\x00"+uri] = true
		cs, err := s.session()
		if err != nil {
			return nil, fmt.Errorf("@%s:%s: %w", server, uri, err)
		}
		res, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: uri})
		if err != nil {
			return nil, fmt.Errorf("MCP server %s: reading @%s:%s: %w", server, server, uri, err)
		}
		out = append(out, m.mentioned(server, uri, res.Contents))
	}
	return out, nil
}

func (m *Manager) mentioned(server, uri string, contents []*sdk.ResourceContents) Mentioned {
	r := Mentioned{Server: server, URI: uri}
	var texts []string
	for _, c := range contents {
		if c == nil {
			continue
		}
		if len(c.Blob) > 0 && c.Text == "" {
			r.Blobs = append(r.Blobs, Blob{URI: firstOf(c.URI, uri), MIMEType: c.MIMEType, Data: c.Blob})
			continue
		}
		texts = append(texts, c.Text)
	}
	r.Text = redactCapped(strings.Join(texts, "\n"), m.opts.MaxResult)
	return r
}
