package conversation

import (
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/media"
)

// stageMentions adds the text of the MCP resources the prompt mentions.
func stageMentions(ctx context.Context, p *prep) error {
	if p.spec.MCP == nil {
		return nil
	}
	return p.t.mentionResources(ctx, p.spec.MCP)
}

// stageResources attaches the mentioned resources' binary contents, once
// the agent is built and its wire known.
func stageResources(_ context.Context, p *prep) error {
	p.t.attachResources()
	return nil
}

// mentionResources reads the MCP resources the prompt mentions as
// "@server:uri" (the composer's @ picker writes them so) and adds their
// text to what the model receives, each under its URI; binary contents
// wait for attachResources, once the turn knows its model's wire.
func (t *Turn) mentionResources(ctx context.Context, m *mcp.Manager) error {
	res, err := m.MentionedResources(ctx, t.prompt)
	if err != nil || len(res) == 0 {
		return err
	}
	var b strings.Builder
	b.WriteString(t.prompt)
	for _, r := range res {
		if r.Text != "" || len(r.Blobs) == 0 {
			fmt.Fprintf(&b, "\n\n<mcp-resource server=%q uri=%q>\n%s\n</mcp-resource>", r.Server, r.URI, r.Text)
		}
		t.blobs = append(t.blobs, r.Blobs...)
	}
	t.prompt = b.String()
	return nil
}

// attachResources attaches the mentioned resources' binary contents the
// way attached files go (images, PDFs, text); one the model cannot take
// is named in the prompt instead, so the model knows it was left out.
func (t *Turn) attachResources() {
	for _, blob := range t.blobs {
		name := path.Base(blob.URI)
		a, err := media.Prepare(name, blob.Data, string(t.built.Wire))
		if err != nil {
			t.prompt += fmt.Sprintf("\n\n[MCP resource %s (%s, %s) was not attached: %v]", blob.URI, blob.MIMEType, media.HumanSize(len(blob.Data)), err)
			continue
		}
		t.Attach(a.Part)
	}
	t.blobs = nil
}
