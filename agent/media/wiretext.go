package media

import (
	"errors"
	"fmt"

	"github.com/hearth-agent/hearth/agent/llm"
)

// DocumentsAsText readies history for a wire without document parts: each
// PDF part that has no text yet (sent on the Anthropic wire, or restored
// from the session) gets its extracted text, or a line saying why there is
// none, so switching wires never leaves a conversation unsendable. msgs is
// not changed; the result shares every message that needed nothing.
func DocumentsAsText(msgs []llm.Message) []llm.Message {
	var out []llm.Message
	for i, m := range msgs {
		parts, pchanged := documentsAsText(m.Parts)
		var results []llm.ToolResult
		for j, r := range m.ToolResults {
			if rp, ok := documentsAsText(r.Parts); ok {
				if results == nil {
					results = append([]llm.ToolResult(nil), m.ToolResults...)
				}
				results[j].Parts = rp
			}
		}
		if !pchanged && results == nil {
			continue
		}
		if out == nil {
			out = append([]llm.Message(nil), msgs...)
		}
		if pchanged {
			out[i].Parts = parts
		}
		if results != nil {
			out[i].ToolResults = results
		}
	}
	if out == nil {
		return msgs
	}
	return out
}

// documentsAsText returns parts with text for every document lacking it,
// and whether any needed it.
func documentsAsText(parts []llm.Part) ([]llm.Part, bool) {
	var out []llm.Part
	for i, p := range parts {
		if p.Kind != llm.PartDocument || p.Text != "" {
			continue
		}
		if out == nil {
			out = append([]llm.Part(nil), parts...)
		}
		out[i].Text = documentText(p)
	}
	return out, out != nil
}

func documentText(p llm.Part) string {
	if len(p.Data) == 0 {
		return fmt.Sprintf("[attached PDF %s is no longer stored]", p.Name)
	}
	text, pages, err := ExtractText(p.Data, p.Name)
	switch {
	case errors.Is(err, ErrNoText):
		return fmt.Sprintf("[attached PDF %s (%d pages) has no extractable text (a scan?); this model can't read it]", p.Name, pages)
	case err != nil:
		return fmt.Sprintf("[attached PDF %s: its text could not be extracted: %v]", p.Name, err)
	}
	return fmt.Sprintf("Attached PDF %s (%d pages), as its extracted text:\n%s", p.Name, pages, text)
}
