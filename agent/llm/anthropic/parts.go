package anthropic

import "github.com/hearth-agent/hearth/agent/llm"

// source is a base64 image or document source.
type source struct {
	Type      string `json:"type"`
	MediaType string `json:"media_type"`
	Data      string `json:"data"`
}

// partBlocks encodes parts as Messages content blocks: images and PDFs go as
// base64 sources, which the API takes both in user messages and in tool results.
func partBlocks(parts []llm.Part) []block {
	var out []block
	for _, p := range parts {
		switch p.Kind {
		case llm.PartImage:
			out = append(out, block{Type: "image", Source: &source{Type: "base64", MediaType: p.MediaType, Data: p.Base64()}})
		case llm.PartDocument:
			out = append(out, block{Type: "document", Title: p.Name, Source: &source{Type: "base64", MediaType: p.MediaType, Data: p.Base64()}})
		default:
			if p.Text != "" {
				out = append(out, block{Type: "text", Text: str(p.Text)})
			}
		}
	}
	return out
}
