package llm

import (
	"encoding/base64"
	"errors"
	"strings"
)

// PartKind says what a content part carries.
type PartKind string

const (
	PartText     PartKind = "text"
	PartImage    PartKind = "image"
	PartDocument PartKind = "document" // a PDF
)

// Part is one piece of non-plain content on a user message or a tool result:
// text, an image (already sized and stripped by agent/media) or a PDF.
type Part struct {
	Kind      PartKind `json:"kind"`
	Text      string   `json:"text,omitempty"`
	MediaType string   `json:"mediaType,omitempty"` // image/png, image/jpeg, image/gif, image/webp, application/pdf
	Data      []byte   `json:"data,omitempty"`
	Name      string   `json:"name,omitempty"` // the file name, for documents and labels
	// Detail is OpenAI's image detail ("low", "high", "auto"); "" leaves the default.
	Detail string `json:"detail,omitempty"`
}

// Base64 is the part's bytes in standard base64, as both wires want them.
func (p Part) Base64() string { return base64.StdEncoding.EncodeToString(p.Data) }

// DataURL is the part's bytes as a data: URL.
func (p Part) DataURL() string { return "data:" + p.MediaType + ";base64," + p.Base64() }

// HasMedia reports whether any part is an image or a document.
func HasMedia(parts []Part) bool {
	for _, p := range parts {
		if p.Kind == PartImage || p.Kind == PartDocument {
			return true
		}
	}
	return false
}

// ErrNoVision is wrapped by errors saying the model cannot take images or documents.
var ErrNoVision = errors.New("this model can't see images: pick a vision model or send without")

// ErrDocumentUnsupported is returned by an adapter whose wire has no document part.
var ErrDocumentUnsupported = errors.New("this provider does not take PDF documents")

var noVisionPhrases = []string{
	"does not support image", "doesn't support image", "image input is not supported",
	"images are not supported", "image_url is only supported", "does not support vision",
	"vision is not supported", "no endpoints found that support image", "unsupported content type: image",
	"invalid content type. image_url", "model does not support multimodal", "image inputs are not supported",
	"unknown variant `image_url`", "cannot read image",
}

func mentionsNoVision(low string) bool {
	for _, p := range noVisionPhrases {
		if strings.Contains(low, p) {
			return true
		}
	}
	return false
}
