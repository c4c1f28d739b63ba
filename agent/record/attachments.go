package record

import (
	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/session"
)

// attachmentsOf maps a prompt's parts onto what the session stores.
func attachmentsOf(parts []llm.Part) []session.Attachment {
	out := make([]session.Attachment, 0, len(parts))
	for _, p := range parts {
		out = append(out, session.Attachment{Kind: string(p.Kind), MediaType: p.MediaType, Name: p.Name, Text: p.Text, Data: p.Data})
	}
	return out
}

// partsOf rebuilds a stored prompt's parts; one whose file is gone becomes a
// line saying so, so the model is never handed an empty image.
func partsOf(atts []session.Attachment) []llm.Part {
	var out []llm.Part
	for _, a := range atts {
		kind := llm.PartKind(a.Kind)
		if kind != llm.PartText && a.Data == nil {
			out = append(out, llm.Part{Kind: llm.PartText, Text: "[attachment " + a.Name + " (" + a.MediaType + ") is no longer stored]"})
			continue
		}
		out = append(out, llm.Part{Kind: kind, MediaType: a.MediaType, Name: a.Name, Text: a.Text, Data: a.Data})
	}
	return out
}
