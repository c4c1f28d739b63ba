package loop

import (
	"fmt"

	"github.com/hearth-agent/hearth/agent/llm"
)

// Rough prompt cost of media: a full-size image is about this many tokens on
// either wire, and a PDF page (text plus its picture) about twice that.
const (
	imageTokens    = 1600
	documentTokens = 3200
)

func mediaTokens(parts []llm.Part) int {
	n := 0
	for _, p := range parts {
		switch p.Kind {
		case llm.PartImage:
			n += imageTokens
		case llm.PartDocument:
			n += documentTokens + len(p.Data)/1000
		default:
			n += len(p.Text) / 4
		}
	}
	return n
}

// dropOldMedia is compaction's first step: images and documents older than
// the last keep tool messages (and the current prompt's own) are replaced by
// a line naming what was there. It reports how many it dropped.
func (t *turn) dropOldMedia(keep int) int {
	seen, n := 0, 0
	last := len(t.msgs) - 1
	for last >= 0 && t.msgs[last].Role != llm.RoleUser {
		last--
	}
	for i := len(t.msgs) - 1; i >= 0; i-- {
		m := &t.msgs[i]
		if m.Role == llm.RoleTool {
			if seen++; seen <= keep {
				continue
			}
			results := append([]llm.ToolResult(nil), m.ToolResults...) // history slices may be shared
			for j := range results {
				if len(results[j].Parts) > 0 {
					results[j].Content += "\n" + droppedNote(results[j].Parts)
					results[j].Parts = nil
					n++
				}
			}
			m.ToolResults = results
		}
		if m.Role == llm.RoleUser && i != last && llm.HasMedia(m.Parts) {
			m.Text += "\n" + droppedNote(m.Parts)
			m.Parts = keepText(m.Parts)
			n++
		}
	}
	return n
}

func droppedNote(parts []llm.Part) string {
	var names []string
	for _, p := range parts {
		if p.Kind == llm.PartImage || p.Kind == llm.PartDocument {
			name := p.Name
			if name == "" {
				name = p.MediaType
			}
			names = append(names, name)
		}
	}
	return fmt.Sprintf("[removed to save context: %d attached image(s)/document(s): %v]", len(names), names)
}

func keepText(parts []llm.Part) []llm.Part {
	var out []llm.Part
	for _, p := range parts {
		if p.Kind == llm.PartText {
			out = append(out, p)
		}
	}
	return out
}

// noVisionNote replaces a tool's pictures once the model has refused one.
const noVisionNote = "\n[the attached image or document was removed: this model can't see images]"

// dropToolMedia removes the images and documents tools attached to results
// in this turn's history, noting it in each result, and reports whether any
// were there; a prompt's own attachments stay, so their refusal reaches the user.
func (t *turn) dropToolMedia() bool {
	dropped := false
	for i := range t.msgs {
		for j := range t.msgs[i].ToolResults {
			r := &t.msgs[i].ToolResults[j]
			if len(r.Parts) > 0 {
				r.Parts, r.Content, dropped = nil, r.Content+noVisionNote, true
			}
		}
	}
	return dropped
}
