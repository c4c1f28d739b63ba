package tools

import (
	"context"
	"fmt"

	"github.com/hearth-agent/hearth/agent/media"
	"github.com/hearth-agent/hearth/agent/tool"
)

// readMedia answers read_file on an image or a PDF: the content itself for a
// model that can see it (attached to the result), else a clear line of text.
// ok is false when raw is neither.
func readMedia(ctx context.Context, rel string, raw []byte) (text string, ok bool, err error) {
	mt := media.Sniff(raw)
	if mt == "" {
		return "", false, nil
	}
	vision, sees := tool.VisionOf(ctx)
	if mt == "application/pdf" {
		desc := fmt.Sprintf("%s: PDF document, %s", rel, media.HumanSize(len(raw)))
		if !sees || vision.Wire != "anthropic" {
			text, pages, err := media.ExtractTextContext(ctx, raw, rel)
			if err != nil {
				return desc + ". This model or provider does not take PDF documents, and its text could not be extracted (" + err.Error() + "); ask the user for the text you need.", true, nil
			}
			return fmt.Sprintf("%s, %d pages; this model or provider does not take PDF documents, so here is its extracted text:\n%s", desc, pages, text), true, nil
		}
		part, err := media.PrepareDocument(raw, rel)
		if err != nil {
			return "", true, fmt.Errorf("read_file: %w", err)
		}
		if !tool.AttachMedia(ctx, part) {
			return desc + " (not attached: this call cannot carry documents).", true, nil
		}
		return desc + " (attached below).", true, nil
	}
	im, err := media.PrepareImage(raw, media.LimitsFor(vision.Wire))
	if err != nil {
		return "", true, fmt.Errorf("read_file: %s: %w", rel, err)
	}
	desc := im.Describe(rel, len(raw))
	if !sees {
		return desc + ". This model can't see images, so the picture is not shown; describe what you need from it to the user or ask them.", true, nil
	}
	im.Part.Name = rel
	if !tool.AttachMedia(ctx, im.Part) {
		return desc + " (not attached: this call cannot carry images).", true, nil
	}
	return desc + " (attached below).", true, nil
}
