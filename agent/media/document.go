package media

import (
	"bytes"
	"fmt"

	"github.com/hearth-agent/hearth/agent/llm"
)

// MaxDocumentBytes is Anthropic's per-request limit for a PDF.
const MaxDocumentBytes = 32 << 20

// PrepareDocument checks that data is a PDF small enough to send and wraps it
// as a document part.
func PrepareDocument(data []byte, name string) (llm.Part, error) {
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		return llm.Part{}, fmt.Errorf("%s: %w", name, ErrUnsupported)
	}
	if len(data) > MaxDocumentBytes {
		return llm.Part{}, fmt.Errorf("%s: PDF of %s: %w (the limit is %s)", name, HumanSize(len(data)), ErrTooLarge, HumanSize(MaxDocumentBytes))
	}
	if !bytes.Contains(data[max(0, len(data)-2048):], []byte("%%EOF")) {
		return llm.Part{}, fmt.Errorf("%s: %w: the PDF has no end marker", name, ErrCorrupt)
	}
	return llm.Part{Kind: llm.PartDocument, MediaType: "application/pdf", Data: data, Name: name}, nil
}
