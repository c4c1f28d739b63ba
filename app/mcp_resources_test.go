package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A resource chosen in the @ picker (server-everything's, listed by
// MCPResources) reaches the provider's request with its URI: a text
// resource as context in the prompt, a binary one as an attachment.
func TestChatSendsMentionedMCPResources(t *testing.T) {
	p := &scriptedProvider{replies: []string{textReply("Read it."), textReply("Saw it.")}}
	a, rec := everythingChat(t, p)
	res, err := a.h.MCP.MCPResources()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(res, func(r MCPResourceView) bool { return strings.HasSuffix(r.URI, "/architecture.md") })
	if i < 0 || res[i].Server != "ev" || res[i].MIMEType != "text/markdown" {
		t.Fatalf("MCPResources = %+v", res)
	}
	doc := res[i].URI
	want, err := os.ReadFile(filepath.Join("..", "test", "mcp", "node_modules", "@modelcontextprotocol", "server-everything", "dist", "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	firstLine, _, _ := strings.Cut(strings.TrimSpace(string(want)), "\n")

	blob := "demo://resource/dynamic/blob/3"
	for n, prompt := range []string{"summarise @ev:" + doc, "what does @ev:" + blob + " say?"} {
		if _, err := a.h.Chat.Send(a.shownID(), prompt); err != nil {
			t.Fatal(err)
		}
		rec.waitFor(t, "done")
		rec.mu.Lock()
		rec.events = nil
		rec.mu.Unlock()
		p.mu.Lock()
		msgs, _ := json.Marshal(p.requests[n]["messages"])
		p.mu.Unlock()
		var sent []string
		switch n {
		case 0:
			sent = []string{`uri=\"` + doc + `\"`, jsonText(firstLine), "summarise @ev:" + doc}
		case 1:
			// The blob is text bytes: it goes the way an attached text file does.
			sent = []string{"Resource 3: This is a base64 blob", "blob/3"}
		}
		for _, s := range sent {
			if !strings.Contains(string(msgs), s) {
				t.Errorf("request %d lacks %q:\n%.1500s", n, s, msgs)
			}
		}
	}
	if _, err := a.h.Chat.Send(a.shownID(), "read @ev:demo://no/such/thing"); err != nil {
		t.Fatal(err)
	}
	if e := rec.waitFor(t, "error"); !strings.Contains(e["message"].(string), "demo://no/such/thing") {
		t.Fatalf("an unknown resource: %v", e)
	}
}

// jsonText is s as it appears inside a JSON string.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}
