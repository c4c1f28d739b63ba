package mcp

import (
	"context"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Resource is one resource a server offers, for the composer's @ picker.
type Resource struct {
	Server      string
	URI         string
	Name        string
	MIMEType    string
	Description string
}

// Resources lists the resources of every connected server; a server whose
// listing fails is left out and its log says why.
func (m *Manager) Resources(ctx context.Context) []Resource {
	var out []Resource
	for _, s := range m.list() {
		cs, err := s.session()
		if err != nil || !offers(cs, func(c *sdk.ServerCapabilities) bool { return c.Resources != nil }) {
			continue
		}
		for r, err := range cs.Resources(ctx, nil) {
			if err != nil {
				s.log.Add("hearth: listing resources: " + err.Error())
				break
			}
			out = append(out, Resource{Server: s.entry.Name, URI: r.URI, Name: firstOf(r.Title, r.Name), MIMEType: r.MIMEType, Description: r.Description})
		}
	}
	return out
}

// ReadResource returns a resource's text as the model would read it
// attached to a prompt: capped and redacted; binary parts are noted.
func (m *Manager) ReadResource(ctx context.Context, server, uri string) (string, error) {
	s, err := m.get(server)
	if err != nil {
		return "", err
	}
	cs, err := s.session()
	if err != nil {
		return "", err
	}
	res, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: uri})
	if err != nil {
		return "", fmt.Errorf("MCP server %s: reading %s: %w", server, uri, err)
	}
	parts := make([]string, 0, len(res.Contents))
	for _, c := range res.Contents {
		parts = append(parts, resourceText(c))
	}
	return redactCapped(strings.Join(parts, "\n"), m.opts.MaxResult), nil
}
