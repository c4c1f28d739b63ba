package media

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/ledongthuc/pdf"
)

// Bounds on text extraction, for wires that take a PDF only as its text.
const (
	MaxTextPages = 2000    // pages read at all
	MaxPDFText   = 1 << 20 // characters of text kept; the rest is cut with a note
	maxTreeDepth = 32      // nesting of the page tree, against a cyclic one
)

// ErrNoText says a PDF has no text to extract (a scan, say).
var ErrNoText = errors.New("the PDF has no extractable text (a scan?)")

// ExtractText returns a PDF's text with a "--- page N ---" line before each
// page, and its page count. Text beyond MaxPDFText is cut and said so.
func ExtractText(data []byte, name string) (text string, pages int, err error) {
	defer func() {
		if r := recover(); r != nil { // the reader panics on some malformed files
			text, pages, err = "", 0, fmt.Errorf("%s: %w: %v", name, ErrCorrupt, r)
		}
	}()
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", 0, fmt.Errorf("%s: %w: %v", name, ErrCorrupt, err)
	}
	// The tree is walked once: Reader.Page walks it from the root for every page.
	var list []pdf.Value
	collectPages(r.Trailer().Key("Root").Key("Pages"), 0, &list)
	if len(list) > MaxTextPages {
		return "", len(list), fmt.Errorf("%s: PDF of more than %d pages: %w; send the pages you need", name, MaxTextPages, ErrTooLarge)
	}
	var b strings.Builder
	cut, some := false, false
	for i, v := range list {
		t, err := pdf.Page{V: v}.GetPlainText(nil)
		if err != nil {
			t = "[this page's text could not be read]"
		}
		t = strings.TrimSpace(t)
		some = some || t != ""
		fmt.Fprintf(&b, "--- page %d ---\n%s\n", i+1, t)
		if b.Len() > MaxPDFText {
			cut = true
			s := b.String()[:MaxPDFText]
			b.Reset()
			b.WriteString(strings.ToValidUTF8(s, ""))
			fmt.Fprintf(&b, "\n[text cut at %s; pages %d to %d are left out]\n", HumanSize(MaxPDFText), i+2, len(list))
			break
		}
	}
	if !some && !cut {
		return "", len(list), fmt.Errorf("%s: %w", name, ErrNoText)
	}
	return b.String(), len(list), nil
}

func collectPages(v pdf.Value, depth int, out *[]pdf.Value) {
	if depth > maxTreeDepth || len(*out) > MaxTextPages {
		return
	}
	switch v.Key("Type").Name() {
	case "Page":
		*out = append(*out, v)
	case "Pages":
		kids := v.Key("Kids")
		for i := 0; i < kids.Len(); i++ {
			collectPages(kids.Index(i), depth+1, out)
		}
	}
}

// PrepareDocumentText makes a PDF ready for a wire without document parts:
// a document part whose Text (what such a wire sends) is the extracted text
// with page markers; Data keeps the file, for storing and for other wires.
func PrepareDocumentText(data []byte, name string) (Attachment, error) {
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		return Attachment{}, fmt.Errorf("%s: %w", name, ErrUnsupported)
	}
	text, pages, err := ExtractText(data, name)
	if err != nil {
		return Attachment{}, err
	}
	p := llm.Part{Kind: llm.PartDocument, MediaType: "application/pdf", Data: data, Name: name,
		Text: fmt.Sprintf("Attached PDF %s (%d pages), as its extracted text:\n%s", name, pages, text)}
	return Attachment{Part: p, Description: fmt.Sprintf("%s: PDF, %d pages, %s (sent as its text)", name, pages, HumanSize(len(data)))}, nil
}
