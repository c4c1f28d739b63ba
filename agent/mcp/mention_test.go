package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/mcptest"
)

// Resources a prompt mentions as "@server:uri" are read from the server
// that offers them: text as text, binary contents as blobs; mentions of a
// server not running stay text, and an unknown resource is an error.
func TestMentionedResources(t *testing.T) {
	m := started(t, mcp.Options{}, stdioEntry(t, "ev", mcptest.Bin(t, "mcp-server-everything"), "stdio"))
	ctx := context.Background()
	const doc = "demo://resource/static/document/architecture.md"
	tests := []struct {
		name, prompt string
		uris         []string
		blobs        int
		text, err    string
	}{
		{"text resource", "explain @ev:" + doc + " please", []string{doc}, 0, "# ", ""},
		{"mentioned twice, read once", "@ev:" + doc + ", and again @ev:" + doc, []string{doc}, 0, "# ", ""},
		{"blob resource", "what is @ev:demo://resource/dynamic/blob/2?", []string{"demo://resource/dynamic/blob/2"}, 1, "", ""},
		{"other server", "see @other:demo://x and @README.md", nil, 0, "", ""},
		{"no mention", "an email@ev:demo://x is not one", nil, 0, "", ""},
		{"unknown resource", "@ev:demo://nothing/here", nil, 0, "", "reading @ev:demo://nothing/here"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := m.MentionedResources(ctx, tt.prompt)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("got %+v, %v; want error %q", got, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.uris) {
				t.Fatalf("got %d resources %+v, want %v", len(got), got, tt.uris)
			}
			for i, r := range got {
				if r.Server != "ev" || r.URI != tt.uris[i] || len(r.Blobs) != tt.blobs || !strings.Contains(r.Text, tt.text) {
					t.Errorf("resource %d = %+v", i, r)
				}
				for _, b := range r.Blobs {
					if !strings.Contains(string(b.Data), "Resource 2: This is a base64 blob") || b.MIMEType != "text/plain" {
						t.Errorf("blob %q (%s)", b.Data, b.MIMEType)
					}
				}
			}
		})
	}
}
