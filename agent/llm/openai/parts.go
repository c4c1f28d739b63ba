package openai

import (
	"fmt"

	"github.com/hearth-agent/hearth/agent/llm"
)

// wirePart is one element of a Chat Completions content array.
type wirePart struct {
	Type     string    `json:"type"`
	Text     string    `json:"text,omitempty"`
	ImageURL *imageURL `json:"image_url,omitempty"`
}

type imageURL struct {
	URL    string `json:"url"`
	Detail string `json:"detail,omitempty"`
}

// splitParts turns parts into text to append (text parts and the extracted
// text of documents, which Chat Completions servers do not take as files)
// and image parts.
func splitParts(parts []llm.Part) (string, []wirePart, error) {
	var text string
	var media []wirePart
	for _, p := range parts {
		switch p.Kind {
		case llm.PartText:
			text += "\n\n" + p.Text
		case llm.PartImage:
			media = append(media, wirePart{Type: "image_url", ImageURL: &imageURL{URL: p.DataURL(), Detail: p.Detail}})
		case llm.PartDocument:
			if p.Text == "" {
				return "", nil, fmt.Errorf("%s: %w; its text could not be extracted", p.Name, llm.ErrDocumentUnsupported)
			}
			text += "\n\n" + p.Text
		default:
			return "", nil, fmt.Errorf("unknown content part kind %q", p.Kind)
		}
	}
	return text, media, nil
}
