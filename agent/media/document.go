package media

import (
	"bytes"
	"fmt"
	"regexp"

	"github.com/hearth-agent/hearth/agent/llm"
)

// MaxDocumentBytes and MaxDocumentPages are Anthropic's per-request limits for PDFs.
const (
	MaxDocumentBytes = 32 << 20
	MaxDocumentPages = 100
)

// pageObject matches a page object (not the /Pages tree) written in the clear.
var pageObject = regexp.MustCompile(`/Type\s*/Page\b`)

// PageCount counts the page objects a PDF shows in the clear; a PDF whose
// objects are all compressed counts 0 (unknown), so the provider judges it.
func PageCount(data []byte) int { return len(pageObject.FindAllIndex(data, -1)) }

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
	if n := PageCount(data); n > MaxDocumentPages {
		return llm.Part{}, fmt.Errorf("%s: PDF of %d pages: %w (the limit is %d pages); send the pages you need", name, n, ErrTooLarge, MaxDocumentPages)
	}
	return llm.Part{Kind: llm.PartDocument, MediaType: "application/pdf", Data: data, Name: name}, nil
}
