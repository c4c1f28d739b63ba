package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hearth-agent/hearth/agent/media"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/tool"
)

// imageNote attaches an image of a tool's result, checked, stripped and
// fitted like any other, when the model can see it, and says what it was.
func imageNote(ctx context.Context, c *sdk.ImageContent) string {
	v, sees := tool.VisionOf(ctx)
	if !sees {
		return fmt.Sprintf("[image %s, %d bytes, not shown: this model can't see images]", c.MIMEType, len(c.Data))
	}
	im, err := media.PrepareImage(c.Data, media.LimitsFor(v.Wire))
	if err != nil {
		return fmt.Sprintf("[image %s, %d bytes, not shown: %v]", c.MIMEType, len(c.Data), err)
	}
	if !tool.AttachMedia(ctx, im.Part) {
		return fmt.Sprintf("[image %s, %d bytes, not shown]", c.MIMEType, len(c.Data))
	}
	return fmt.Sprintf("[image %s, %d×%d px, attached]", c.MIMEType, im.Width, im.Height)
}

// DefaultMaxResult caps the text of one tool result sent to the model.
const DefaultMaxResult = 40_000

// resultText renders a result's content as the text the model reads:
// text as is, structured content as JSON, images attached to the call's
// result for a model that can see them (a note otherwise), anything else as
// a note.
func resultText(ctx context.Context, res *sdk.CallToolResult) string {
	var parts []string
	hasText := false
	for _, c := range res.Content {
		switch c := c.(type) {
		case *sdk.TextContent:
			parts = append(parts, c.Text)
			hasText = true
		case *sdk.ImageContent:
			parts = append(parts, imageNote(ctx, c))
		case *sdk.AudioContent:
			parts = append(parts, fmt.Sprintf("[audio %s, %d bytes, not shown]", c.MIMEType, len(c.Data)))
		case *sdk.ResourceLink:
			parts = append(parts, fmt.Sprintf("[resource link %s: %s]", c.URI, firstOf(c.Title, c.Name, c.Description)))
		case *sdk.EmbeddedResource:
			parts = append(parts, resourceText(c.Resource))
		default:
			b, _ := json.Marshal(c)
			parts = append(parts, string(b))
		}
	}
	if res.StructuredContent != nil && !hasText {
		parts = append(parts, compactJSON(res.StructuredContent))
	}
	return strings.Join(parts, "\n")
}

// resourceText is a resource's text, or a note of what it is.
func resourceText(r *sdk.ResourceContents) string {
	if r == nil {
		return "[empty resource]"
	}
	if r.Text != "" || len(r.Blob) == 0 {
		return fmt.Sprintf("[resource %s]\n%s", r.URI, r.Text)
	}
	return fmt.Sprintf("[resource %s: %s, %d bytes, not shown]", r.URI, firstOf(r.MIMEType, "binary"), len(r.Blob))
}

func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

func compactJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// secretMargin is how far past a cut redaction still looks, so a secret
// the cut would split is removed whole first.
const secretMargin = 4 << 10

// redactCapped is capText over redacted text; only what is kept (and a
// margin around each cut) is redacted, so a huge result costs little.
func redactCapped(s string, max int) string {
	red := redact.New().String
	if len(s) <= max+2*secretMargin {
		return capText(red(s), max)
	}
	head := validPrefix(red(validPrefix(s, max/2+secretMargin)), max/2)
	tail := validSuffix(red(validSuffix(s, max-len(head)+secretMargin)), max-len(head))
	return head + fmt.Sprintf("\n[… %d of %d bytes left out …]\n", len(s)-len(head)-len(tail), len(s)) + tail
}

// capText keeps the head and tail of s within max bytes and says how much
// was left out, so a huge result neither floods the context nor hides its end.
func capText(s string, max int) string {
	if len(s) <= max {
		return s
	}
	note := fmt.Sprintf("\n[… %d of %d bytes left out …]\n", len(s)-max, len(s))
	head := validPrefix(s, max/2)
	tail := validSuffix(s, max-len(head))
	return head + note + tail
}

func validPrefix(s string, n int) string {
	for n > 0 && n < len(s) && !startsRune(s[n]) {
		n--
	}
	return s[:n]
}

func validSuffix(s string, n int) string {
	i := len(s) - n
	for i < len(s) && !startsRune(s[i]) {
		i++
	}
	return s[i:]
}

func startsRune(b byte) bool { return b&0xC0 != 0x80 }
